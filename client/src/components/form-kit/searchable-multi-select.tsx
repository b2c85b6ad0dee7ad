import { useState, type ReactNode } from 'react';
import { CheckIcon, Combobox, Group, Loader, Pill, PillsInput, useCombobox } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { CLEAR, LOAD_MORE, PickerDropdown, type PickerFieldProps } from './picker-dropdown';
import { usePagedOptions } from './use-paged-options';

type Key = string | number;

export type SearchableMultiSelectProps<T> = PickerFieldProps<T> & {
  value: Key[];
  onChange: (value: Key[]) => void;
  /** Labels of the current values, for those not among the loaded options (an edit form). */
  selectedItems?: { value: Key; label: string }[];
};

/**
 * The several-values variant of `SearchableSelect`: pills for the picked values, options toggled on
 * click, 500 ms search debounce, same texts.
 *
 * @example
 * <SearchableMultiSelect label="Chapters" entityName="chapters" queryKey={['chapters', 'options']}
 *   fetchPage={fetchChapterOptions} getValue={(c) => c.id} getLabel={(c) => c.name}
 *   selectedItems={event.chapters.map((c) => ({ value: c.id, label: c.name }))} {...form.getInputProps('chapterIds')} />
 */
export function SearchableMultiSelect<T>(props: SearchableMultiSelectProps<T>) {
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState(() => new Map((props.selectedItems ?? []).map((i) => [String(i.value), i.label])));
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const options = usePagedOptions({ queryKey: props.queryKey, fetchPage: props.fetchPage, search, enabled: combobox.dropdownOpened, debounceMs: props.debounceMs ?? 500 });
  const selected = new Set(props.value.map(String));
  const labelOf = (v: Key) => {
    const loaded = options.items.find((i) => String(props.getValue(i)) === String(v));
    return labels.get(String(v)) ?? (loaded ? props.getLabel(loaded) : String(v));
  };

  const submit = (value: string) => {
    if (value === LOAD_MORE) return options.fetchNextPage();
    if (value === CLEAR) return props.onChange([]);
    const item = options.items.find((i) => String(props.getValue(i)) === value);
    if (selected.has(value)) return props.onChange(props.value.filter((v) => String(v) !== value));
    if (!item) return;
    setLabels((m) => new Map(m).set(value, props.getLabel(item)));
    props.onChange([...props.value, props.getValue(item)]);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          label={props.label}
          description={props.description}
          withAsterisk={props.withAsterisk}
          disabled={props.disabled}
          error={props.error || (options.error ? errorMessage(options.error) : undefined)}
          onClick={() => combobox.openDropdown()}
          rightSection={options.loading ? <Loader size={16} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
        >
          <Pill.Group>
            {props.value.map((v) => (
              <Pill key={String(v)} withRemoveButton onRemove={() => props.onChange(props.value.filter((o) => String(o) !== String(v)))}>
                {labelOf(v)}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                placeholder={props.placeholder ?? 'Type to search...'}
                value={search}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  setSearch('');
                }}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Backspace' && !search && props.value.length) props.onChange(props.value.slice(0, -1));
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <PickerDropdown
        options={options}
        entityName={props.entityName}
        showClear={props.value.length > 0}
        getValue={props.getValue}
        renderOption={(item, value) => (
          <Combobox.Option value={value} key={value} active={selected.has(value)}>
            <Group gap="xs" wrap="nowrap">
              {selected.has(value) ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
              <span>{props.getLabel(item)}</span>
            </Group>
          </Combobox.Option>
        )}
      />
    </Combobox>
  );
}
