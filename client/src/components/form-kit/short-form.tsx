import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useFocusFirstError } from './focus-first-error';

/**
 * A form outside the side panel (in a dialog or a card): its fields stacked, then Cancel (when given)
 * and the submit button at the right, busy while `pending`. A submit that leaves an error moves focus to the
 * first field in error, scrolled into view.
 *
 * @example <ShortForm onSubmit={form.submit} pending={form.saving} onCancel={close}><TextInput label="Name" /></ShortForm>
 */
export function ShortForm(props: {
  onSubmit: (event: FormEvent) => unknown;
  pending: boolean;
  onCancel?: () => void;
  submitLabel?: string;
  children: ReactNode;
}) {
  const focus = useFocusFirstError(props.onSubmit);
  return (
    <form ref={focus.ref} onSubmit={focus.onSubmit} noValidate>
      <Stack gap="md">
        {props.children}
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
      </Stack>
    </form>
  );
}
