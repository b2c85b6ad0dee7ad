import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../api/errors';

/**
 * The form of a public page's card (sign in, forgot password, set password): an optional title and intro, the
 * call's error when no field took it, the fields, one full-width submit button and what follows it (a link).
 * @example <PublicForm onSubmit={submit} call={login} fieldErrors={errors} submitLabel="Sign in">...</PublicForm>
 */
export function PublicForm(props: {
  onSubmit: (e: FormEvent) => void;
  /** The call the form makes: its error shows above the fields unless a field shows it. */
  call: { error: unknown; isPending: boolean };
  fieldErrors: Record<string, string>;
  submitLabel: string;
  title?: string;
  intro?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { call } = props;
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack>
        {props.title && <Title order={2}>{props.title}</Title>}
        {props.intro && (
          <Text size="sm" c="dimmed">
            {props.intro}
          </Text>
        )}
        {!!call.error && !Object.keys(props.fieldErrors).length && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />}>
            {errorMessage(call.error)}
          </Alert>
        )}
        {props.children}
        <Button type="submit" loading={call.isPending} fullWidth>
          {props.submitLabel}
        </Button>
        {props.footer}
      </Stack>
    </form>
  );
}
