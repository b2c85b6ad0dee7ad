import { useState, type ChangeEvent } from 'react';
import { Combobox, Loader, useCombobox } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { CLEAR, LOAD_MORE, type PickerFieldProps } from './picker-dropdown';
import { usePagedOptions } from './use-paged-options';

/**
 * The state both searchable selects share: the search text, the combobox, the paged options, the
 * input's field props (texts, error, loader) and the option submit that handles 'Load more' and
 * 'Clear Selection' before handing a picked value to the select.
 *
 * @example
 * const picker = usePicker(props, { debounceMs: 300, clearSearchOnClose: true });
 * <Combobox store={picker.combobox} onOptionSubmit={picker.submit({ clear, pick })}>
 *   <InputBase {...picker.fieldProps} onChange={picker.onSearchChange} />
 */
export function usePicker<T>(
  props: PickerFieldProps<T>,
  defaults: { debounceMs: number; clearSearchOnClose: boolean; selectActiveOnOpen?: boolean },
) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      if (defaults.clearSearchOnClose) setSearch('');
    },
    onDropdownOpen: defaults.selectActiveOnOpen ? () => combobox.updateSelectedOptionIndex('active') : undefined,
  });
  const options = usePagedOptions({
    queryKey: props.queryKey,
    fetchPage: props.fetchPage,
    search,
    enabled: combobox.dropdownOpened,
    debounceMs: props.debounceMs ?? defaults.debounceMs,
  });
  const itemOf = (value: string | number) => options.items.find((i) => String(props.getValue(i)) === String(value));

  return {
    search,
    setSearch,
    combobox,
    options,
    itemOf,
    /** Props of the visible input (InputBase or PillsInput): a load error shows when there is no validation error. */
    fieldProps: {
      label: props.label,
      description: props.description,
      withAsterisk: props.withAsterisk,
      disabled: props.disabled,
      error: props.error || (options.error ? errorMessage(options.error) : undefined),
      rightSection: options.loading ? <Loader size={16} /> : <Combobox.Chevron />,
      rightSectionPointerEvents: 'none' as const,
    },
    placeholder: props.placeholder ?? 'Type to search...',
    /** Typing searches and opens the dropdown on the first matching option. */
    onSearchChange: (e: ChangeEvent<HTMLInputElement>) => {
      setSearch(e.currentTarget.value);
      combobox.openDropdown();
      combobox.updateSelectedOptionIndex();
    },
    /** The combobox's `onOptionSubmit`: 'Load more' fetches the next page, the rest goes to `clear` or `pick`. */
    submit: (on: { clear: () => void; pick: (value: string, item: T | undefined) => void }) => (value: string) => {
      if (value === LOAD_MORE) return options.fetchNextPage();
      if (value === CLEAR) return on.clear();
      on.pick(value, itemOf(value));
    },
    /** What `PickerDropdown` needs from the picker besides `showClear` and `renderOption`. */
    dropdownProps: { options, entityName: props.entityName, getValue: props.getValue },
  };
}
