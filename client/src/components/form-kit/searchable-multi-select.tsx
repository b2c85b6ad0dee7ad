import { useState } from 'react';
import { CheckIcon, Combobox, Group, Pill, PillsInput } from '@mantine/core';
import { PickerDropdown, type PickerFieldProps } from './picker-dropdown';
import { usePicker } from './use-picker';

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
  const picker = usePicker(props, { debounceMs: 500, clearSearchOnClose: false, selectActiveOnOpen: true });
  const [labels, setLabels] = useState(
    () => new Map((props.selectedItems ?? []).map((i) => [String(i.value), i.label])),
  );
  const { combobox, search, setSearch } = picker;
  const selected = new Set(props.value.map(String));
  const labelOf = (v: Key) => {
    const loaded = picker.itemOf(v);
    return labels.get(String(v)) ?? (loaded ? props.getLabel(loaded) : String(v));
  };

  const submit = picker.submit({
    clear: () => props.onChange([]),
    pick: (value, item) => {
      if (selected.has(value)) return props.onChange(props.value.filter((v) => String(v) !== value));
      if (!item) return;
      setLabels((m) => new Map(m).set(value, props.getLabel(item)));
      props.onChange([...props.value, props.getValue(item)]);
    },
  });

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput {...picker.fieldProps} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {props.value.map((v) => (
              <Pill
                key={String(v)}
                withRemoveButton
                onRemove={() => props.onChange(props.value.filter((o) => String(o) !== String(v)))}
              >
                {labelOf(v)}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                placeholder={picker.placeholder}
                value={search}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  setSearch('');
                }}
                onChange={picker.onSearchChange}
                onKeyDown={(e) => {
                  if (e.key === 'Backspace' && !search && props.value.length) props.onChange(props.value.slice(0, -1));
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <PickerDropdown
        {...picker.dropdownProps}
        showClear={props.value.length > 0}
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
