import { ActionIcon, Checkbox, Menu, Stack } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { Column } from './types';

/**
 * The phone-only menu of checkboxes that picks the visible columns.
 *
 * @example <ColumnToggleMenu columns={columns} shown={cols.shown} onToggle={cols.toggle} />
 */
export function ColumnToggleMenu<T>(props: { columns: Column<T>[]; shown: string[]; onToggle: (key: string) => void }) {
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Columns" title="Columns">
          <IconColumns3 size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Visible columns</Menu.Label>
        <Stack gap="xs" p="xs">
          {props.columns.map((c) => (
            <Checkbox
              key={c.key}
              label={c.header}
              checked={props.shown.includes(c.key)}
              disabled={props.shown.length === 1 && props.shown.includes(c.key)}
              onChange={() => props.onToggle(c.key)}
            />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
