import { useState, type ReactNode } from 'react';
import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { usePagedOptions } from './use-paged-options';
import { CLEAR, LOAD_MORE, PickerDropdown, type PickerFieldProps } from './picker-dropdown';

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
  const [search, setSearch] = useState('');
  const [pickedLabel, setPickedLabel] = useState<string | null>(null);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
  });
  const options = usePagedOptions({ queryKey: props.queryKey, fetchPage: props.fetchPage, search, enabled: combobox.dropdownOpened, debounceMs: props.debounceMs ?? 300 });
  const hasValue = props.value !== null && props.value !== undefined && props.value !== '';
  const loadedLabel = options.items.find((i) => String(props.getValue(i)) === String(props.value));
  const label = !hasValue ? '' : loadedLabel ? props.getLabel(loadedLabel) : (pickedLabel ?? props.selectedLabel ?? String(props.value));

  const submit = (value: string) => {
    if (value === LOAD_MORE) return options.fetchNextPage();
    if (value === CLEAR) {
      setPickedLabel(null);
      props.onChange(null, null);
    } else {
      const item = options.items.find((i) => String(props.getValue(i)) === value) ?? null;
      setPickedLabel(item ? props.getLabel(item) : null);
      props.onChange(item ? props.getValue(item) : value, item);
    }
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal>
      <Combobox.Target>
        <InputBase
          label={props.label}
          description={props.description}
          withAsterisk={props.withAsterisk}
          disabled={props.disabled}
          error={props.error || (options.error ? errorMessage(options.error) : undefined)}
          placeholder={props.placeholder ?? 'Type to search...'}
          value={combobox.dropdownOpened ? search : label}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={options.loading ? <Loader size={16} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
        />
      </Combobox.Target>
      <PickerDropdown
        options={options}
        entityName={props.entityName}
        showClear={hasValue}
        getValue={props.getValue}
        renderOption={(item, value) => (
          <Combobox.Option value={value} key={value} active={value === String(props.value)}>
            {props.getLabel(item)}
          </Combobox.Option>
        )}
      />
    </Combobox>
  );
}
