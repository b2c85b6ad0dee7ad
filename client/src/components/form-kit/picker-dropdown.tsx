import type { ReactNode } from 'react';
import { Combobox, ScrollArea, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { FetchOptionsPage } from '../../api/options-page';
import type { usePagedOptions } from './use-paged-options';

/** What both searchable selects take besides their value: the field's texts and where options come from. */
export type PickerFieldProps<T> = {
  label?: ReactNode;
  description?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  /** A validation error; a load error shows here when there is none. */
  error?: ReactNode;
  /** Plural of what is picked, for 'No {x} found' (e.g. 'institutions'). */
  entityName: string;
  queryKey: readonly unknown[];
  fetchPage: FetchOptionsPage<T>;
  getValue: (item: T) => string | number;
  getLabel: (item: T) => string;
  /** Search debounce (spec 01 §9: 300 ms for a select, 500 ms for a multi-select). */
  debounceMs?: number;
  placeholder?: string;
};

export const CLEAR = '__clear__';
export const LOAD_MORE = '__more__';

/**
 * The dropdown both searchable selects share: 'Clear Selection' when something is picked, the loaded
 * options, 'No {x} found' / 'Loading...', and 'Load more' (also on scrolling to the bottom).
 */
export function PickerDropdown<T>(props: {
  options: ReturnType<typeof usePagedOptions<T>>;
  entityName: string;
  showClear: boolean;
  getValue: (item: T) => string | number;
  renderOption: (item: T, value: string) => ReactNode;
}) {
  const { options } = props;
  const empty = !options.items.length && !options.loading && !options.waiting && !options.error;
  return (
    <Combobox.Dropdown>
      <Combobox.Options>
        <ScrollArea.Autosize
          mah={260}
          type="scroll"
          onBottomReached={() => options.hasNextPage && !options.loading && options.fetchNextPage()}
        >
          {props.showClear && (
            <Combobox.Option value={CLEAR}>
              <Text size="sm" c="dimmed" span>
                <IconX size={12} style={{ marginRight: 6, verticalAlign: -1 }} />
                Clear Selection
              </Text>
            </Combobox.Option>
          )}
          {options.items.map((item) => props.renderOption(item, String(props.getValue(item))))}
          {empty && <Combobox.Empty>No {props.entityName} found</Combobox.Empty>}
          {!options.items.length && (options.loading || options.waiting) && <Combobox.Empty>Loading...</Combobox.Empty>}
          {options.hasNextPage && (
            <Combobox.Option value={LOAD_MORE} disabled={options.loading}>
              <Text size="sm" c="dimmed" span>
                Load more
              </Text>
            </Combobox.Option>
          )}
        </ScrollArea.Autosize>
      </Combobox.Options>
    </Combobox.Dropdown>
  );
}
