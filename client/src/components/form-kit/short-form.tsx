import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useFocusFirstError } from './focus-first-error';
import { useMay, type Need } from '../../api/permissions';
import { FormReadOnly } from './read-only';
import classes from './form-kit.module.css';

/**
 * A form outside the side panel (in a dialog or a card): its fields stacked, then Cancel (when given)
 * and the submit button at the right, busy while `pending`. A submit that leaves an error moves focus to the
 * first field in error, scrolled into view. For an account that may not write in the screen's area (or make
 * `call`) the fields are disabled and there is no submit button.
 *
 * @example <ShortForm onSubmit={form.submit} pending={form.saving} onCancel={close}><TextInput label="Name" /></ShortForm>
 */
export function ShortForm(props: {
  onSubmit: (event: FormEvent) => unknown;
  pending: boolean;
  onCancel?: () => void;
  submitLabel?: string;
  /** The contract route the submit calls, when it is not the screen's area's. */
  call?: Need;
  children: ReactNode;
}) {
  const focus = useFocusFirstError(props.onSubmit);
  const maySave = useMay('write', props.call);
  return (
    <form ref={focus.ref} onSubmit={focus.onSubmit} noValidate>
      <Stack gap="md">
        <fieldset disabled={!maySave} className={classes.fieldset}>
          <Stack gap="md">
            <FormReadOnly.Provider value={!maySave}>{props.children}</FormReadOnly.Provider>
          </Stack>
        </fieldset>
        {maySave && (
          <Group justify="flex-end" gap="sm">
            {props.onCancel && (
              <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={props.pending}>
              {props.submitLabel ?? 'Save'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
