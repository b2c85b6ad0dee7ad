// The list screens' floating controls (comboboxes, the column menu), loaded right after the first paint: see ./deferred-select.
export { Select } from '@mantine/core';
export { ColumnToggleMenu } from './column-toggle-menu';
