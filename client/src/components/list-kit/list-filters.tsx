import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FilterDef, FilterValues } from './types';
import { DeferredSelect } from './deferred-select';

/**
 * The applied filter values of a search, as texts (what the filter form starts from).
 *
 * @example filterValuesOf([{ key: 'type', type: 'select', label: 'Type', options: [] }], { page: 2, type: 'Business' }) // { type: 'Business' }
 */
export function filterValuesOf(filters: readonly FilterDef[], search: Record<string, unknown>): FilterValues {
  return Object.fromEntries(
    filters.map((f) => [f.key, search[f.key] === undefined ? undefined : String(search[f.key])]),
  );
}

const DateFilter = lazy(() => import('./date-filter'));

function options(def: Extract<FilterDef, { type: 'select' }>) {
  return def.options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

function FilterField({
  def,
  value,
  onChange,
}: {
  def: FilterDef;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  switch (def.type) {
    case 'search': {
      const placeholder = def.placeholder ?? 'Search...';
      // Never narrower than its placeholder (and the icon): 'Search address or subject' is read whole; on a
      // phone, never wider than the row.
      const fits = `min(100%, calc(${placeholder.length}ch + 3rem))`;
      return (
        <TextInput
          aria-label={def.label ?? 'Search'}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} />}
          value={value ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          miw={`max(180px, ${fits})`}
          style={{ flex: `2 1 max(220px, ${fits})` }}
        />
      );
    }
    case 'select':
      return (
        <DeferredSelect
          aria-label={def.label}
          placeholder={def.placeholder ?? def.label}
          data={options(def)}
          value={value ?? null}
          onChange={(v) => onChange(v ?? undefined)}
          clearable
          comboboxProps={{ withinPortal: true }}
          miw={140}
          style={{ flex: '1 1 150px' }}
        />
      );
    case 'date':
      return (
        <Suspense
          fallback={
            <TextInput
              aria-label={def.label}
              placeholder={def.placeholder ?? def.label}
              value={value ?? ''}
              readOnly
              miw={140}
              style={{ flex: '1 1 150px' }}
            />
          }
        >
          <DateFilter label={def.label} placeholder={def.placeholder} value={value} onChange={onChange} />
        </Suspense>
      );
    case 'custom':
      return <>{def.render(value, onChange)}</>;
  }
}

/**
 * The filter form: edits filter values locally and applies them (page back to 1) on Search or Enter.
 * Give it a `key` made from the applied values so it starts over when the URL changes.
 *
 * @example <ListFilters filters={filters} initial={filterValuesOf(filters, list.search)} onApply={list.applyFilters} actions={<RefreshButton />} />
 */
export function ListFilters(props: {
  filters: readonly FilterDef[];
  initial: FilterValues;
  onApply: (values: FilterValues) => void;
  actions?: ReactNode;
}) {
  const [draft, setDraft] = useState<FilterValues>(props.initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onApply(Object.fromEntries(props.filters.map((f) => [f.key, draft[f.key]?.trim() || undefined])));
  };
  return (
    <form onSubmit={submit} role="search">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {props.filters.map((def) => (
          <FilterField
            key={def.key}
            def={def}
            value={draft[def.key]}
            onChange={(v) => setDraft((d) => ({ ...d, [def.key]: v }))}
          />
        ))}
        <Group gap="xs" wrap="nowrap">
          {/* A list without filters (a detail tab's) has nothing to search: only its tools. */}
          {props.filters.length > 0 && (
            <Button type="submit" variant="filled">
              Search
            </Button>
          )}
          {props.actions}
        </Group>
      </Group>
    </form>
  );
}
