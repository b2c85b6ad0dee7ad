// The shell's floating controls (menus, tooltips), loaded right after the first paint: see ./deferred-controls.
export { Tooltip } from '@mantine/core';
export { ColorSchemeMenu } from './color-scheme';
export { UserMenu } from './user-menu';
