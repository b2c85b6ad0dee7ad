import { useState } from 'react';
import { Combobox, InputBase } from '@mantine/core';
import { PickerDropdown, type PickerFieldProps } from './picker-dropdown';
import { usePicker } from './use-picker';

export type SearchableSelectProps<T> = PickerFieldProps<T> & {
  value?: string | number | null;
  onChange: (value: string | number | null, item: T | null) => void;
  /** The label of the current value, for when it is not among the loaded options (an edit form). */
  selectedLabel?: string | null;
};

/**
 * A select whose options come page by page from a list call, searched with a 300 ms debounce. Texts:
 * 'Type to search...', 'No {x} found', 'Clear Selection'; a load error shows as the input's error.
 *
 * @example
 * <SearchableSelect label="Institution" entityName="institutions" queryKey={['institutions', 'options']}
 *   fetchPage={fetchInstitutionOptions} getValue={(i) => i.id} getLabel={(i) => i.name}
 *   selectedLabel={chapter?.institution?.name} {...form.getInputProps('institutionId')} />
 */
export function SearchableSelect<T>(props: SearchableSelectProps<T>) {
  const picker = usePicker(props, { debounceMs: 300, clearSearchOnClose: true });
  const [pickedLabel, setPickedLabel] = useState<string | null>(null);
  const { combobox } = picker;
  const hasValue = props.value !== null && props.value !== undefined && props.value !== '';
  const loadedLabel = hasValue ? picker.itemOf(props.value!) : undefined;
  const label = !hasValue
    ? ''
    : loadedLabel
      ? props.getLabel(loadedLabel)
      : (pickedLabel ?? props.selectedLabel ?? String(props.value));

  const submit = picker.submit({
    clear: () => {
      setPickedLabel(null);
      props.onChange(null, null);
      combobox.closeDropdown();
    },
    pick: (value, item) => {
      setPickedLabel(item ? props.getLabel(item) : null);
      props.onChange(item ? props.getValue(item) : value, item ?? null);
      combobox.closeDropdown();
    },
  });

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal>
      <Combobox.Target>
        <InputBase
          {...picker.fieldProps}
          placeholder={picker.placeholder}
          value={combobox.dropdownOpened ? picker.search : label}
          onChange={picker.onSearchChange}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <PickerDropdown
        {...picker.dropdownProps}
        showClear={hasValue}
        renderOption={(item, value) => (
          <Combobox.Option value={value} key={value} active={value === String(props.value)}>
            {props.getLabel(item)}
          </Combobox.Option>
        )}
      />
    </Combobox>
  );
}
