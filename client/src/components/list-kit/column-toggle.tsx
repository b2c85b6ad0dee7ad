import { useState, type ComponentProps } from 'react';
import { ActionIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconColumns3 } from '@tabler/icons-react';
import type { Column } from './types';
import { useListOverlays } from './deferred-select';
import { phoneColumnKeys } from './phone-columns';

/**
 * Below the spec's 768px breakpoint.
 *
 * @example const isMobile = useMediaQuery(MOBILE_QUERY);
 */
export const MOBILE_QUERY = '(max-width: 47.99em)';

/**
 * The columns to show. On desktop all of them (each hides itself below its `visibleFrom`); on phones
 * the primary ones (`phoneColumnKeys`), until the user picks others in the column toggle.
 *
 * @example const cols = useVisibleColumns(columns); <DataTable columns={cols.visible} responsive={!cols.isMobile} ... />
 */
export function useVisibleColumns<T>(columns: Column<T>[]) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [chosen, setChosen] = useState<string[] | null>(null);
  const shown = chosen ?? phoneColumnKeys(columns);
  const toggle = (key: string) => setChosen(shown.includes(key) ? shown.filter((k) => k !== key) : [...shown, key]);
  return {
    isMobile,
    visible: isMobile ? columns.filter((c) => shown.includes(c.key)) : columns,
    shown,
    toggle,
  };
}

/**
 * The phone-only menu of checkboxes that picks the visible columns (see ./column-toggle-menu), once its
 * code has arrived; until then a look-alike of its button.
 *
 * @example {cols.isMobile && <ColumnToggle columns={columns} shown={cols.shown} onToggle={cols.toggle} />}
 */
export function ColumnToggle<T>(props: { columns: Column<T>[]; shown: string[]; onToggle: (key: string) => void }) {
  const overlays = useListOverlays();
  if (overlays) return <overlays.ColumnToggleMenu {...(props as ComponentProps<typeof overlays.ColumnToggleMenu>)} />;
  return (
    <ActionIcon component="div" aria-hidden variant="default" size="lg">
      <IconColumns3 size={18} />
    </ActionIcon>
  );
}
