import { useState, type ComponentType } from 'react';
import { TextInput, type SelectProps } from '@mantine/core';
import { deferred } from '../../lib/deferred';

/*
 * Select brings Mantine's combobox, floating and portal code (about 25 KiB gzip), which the first paint of
 * a list does not need. Its import starts as soon as this module runs, so it arrives right after the first
 * paint; until then a read-only input of the same size shows the value. That look-alike is hidden from
 * assistive technology and cannot be focused, so nobody acts on a control that is not there yet: the
 * real Select, with its label and role, replaces it as soon as it arrives.
 */
export const useListOverlays = deferred(() => import('./list-overlays'));

function labelOf(data: SelectProps['data'], value: string | null | undefined) {
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('value' in item && item.value === value) return item.label;
  }
  return '';
}

// Mantine's combobox chevron (ComboboxChevron draws this path with this class), so the look-alike matches.
const chevron = (
  <svg className="m_2943220b" viewBox="0 0 15 15" fill="none" aria-hidden>
    <path
      d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * The real Select, its hidden list of options mounted only once the pointer is over the field or the field has
 * focus. Mantine keeps that list mounted from the start so that the input names it (`aria-controls`) and the
 * first Arrow Down finds its options; placing each hidden list on mount (floating-ui measures it, then renders
 * again at once) cost a list page's first screen about half of its blocking time, for lists nobody may open.
 * Every way to open the field passes over or into it first, so the list is there by then.
 */
function ArmedSelect({ Select, ...props }: SelectProps & { Select: ComponentType<SelectProps> }) {
  const [armed, setArmed] = useState(false);
  return (
    <Select
      {...props}
      comboboxProps={{ keepMounted: armed, ...props.comboboxProps }}
      onPointerEnter={(event) => {
        setArmed(true);
        props.onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setArmed(true);
        props.onFocus?.(event);
      }}
    />
  );
}

/**
 * A Mantine Select once its code has arrived; until then a read-only look-alike showing the value.
 *
 * @example <DeferredSelect aria-label="Rows per page" size="xs" w={76} data={['10', '20']} value="10" onChange={setSize} />
 */
export function DeferredSelect(props: SelectProps) {
  const overlays = useListOverlays();
  if (overlays) return <ArmedSelect Select={overlays.Select} {...props} />;
  return (
    <TextInput
      aria-hidden
      tabIndex={-1}
      readOnly
      size={props.size}
      w={props.w}
      miw={props.miw}
      style={props.style}
      placeholder={props.placeholder}
      value={labelOf(props.data, props.value)}
      rightSection={chevron}
      rightSectionPointerEvents="none"
    />
  );
}
