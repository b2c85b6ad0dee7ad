import { useState } from 'react';
import { ActionIcon, Checkbox, Menu, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconColumns3 } from '@tabler/icons-react';
import type { Column } from './types';

/**
 * Below the spec's 768px breakpoint.
 *
 * @example const isMobile = useMediaQuery(MOBILE_QUERY);
 */
export const MOBILE_QUERY = '(max-width: 47.99em)';

/**
 * The columns to show. On desktop all of them (each hides itself below its `visibleFrom`); on phones
 * those without `visibleFrom`, until the user picks others in the column toggle.
 *
 * @example const cols = useVisibleColumns(columns); <DataTable columns={cols.visible} responsive={!cols.isMobile} ... />
 */
export function useVisibleColumns<T>(columns: Column<T>[]) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [chosen, setChosen] = useState<string[] | null>(null);
  const shown = chosen ?? columns.filter((c) => !c.visibleFrom).map((c) => c.key);
  const toggle = (key: string) => setChosen(shown.includes(key) ? shown.filter((k) => k !== key) : [...shown, key]);
  return {
    isMobile,
    visible: isMobile ? columns.filter((c) => shown.includes(c.key)) : columns,
    shown,
    toggle,
  };
}

/**
 * The phone-only menu of checkboxes that picks the visible columns.
 *
 * @example {cols.isMobile && <ColumnToggle columns={columns} shown={cols.shown} onToggle={cols.toggle} />}
 */
export function ColumnToggle<T>(props: { columns: Column<T>[]; shown: string[]; onToggle: (key: string) => void }) {
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
