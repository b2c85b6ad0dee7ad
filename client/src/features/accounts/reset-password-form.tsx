import { PasswordInput, Text } from '@mantine/core';
import { ResetPasswordInput } from '@app/contract';
import { EntityForm, useEntityForm } from '../../components/form-kit';
import { useResetPassword } from './api';

export type ResetTarget = { id: number; name: string; email: string };

/**
 * The Reset Password panel's form (spec 01 §5): New Password and Confirm Password, checked with the
 * server's own rules and texts. The server ends that account's other sessions.
 */
export function ResetPasswordForm({
  target,
  kind,
  onDone,
}: {
  target: ResetTarget;
  kind: 'account' | 'member';
  onDone: () => void;
}) {
  const reset = useResetPassword(kind);
  const form = useEntityForm({
    schema: ResetPasswordInput,
    initialValues: { newPassword: '', confirmPassword: '' },
    id: target.id,
    update: reset,
    onSaved: onDone,
  });
  return (
    <EntityForm form={form} onCancel={onDone}>
      <Text size="sm">
        For <b>{target.name}</b> ({target.email}). Their other sessions end when the password is saved.
      </Text>
      <PasswordInput
        label="New Password"
        withAsterisk
        data-autofocus
        autoComplete="new-password"
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label="Confirm Password"
        withAsterisk
        autoComplete="new-password"
        {...form.getInputProps('confirmPassword')}
      />
    </EntityForm>
  );
}
