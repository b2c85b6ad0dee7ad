import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';

/**
 * A form outside the side panel (in a dialog or a card): its fields stacked, then Cancel (when given)
 * and the submit button at the right, busy while `pending`.
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
  return (
    <form onSubmit={(event) => void props.onSubmit(event)} noValidate>
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
