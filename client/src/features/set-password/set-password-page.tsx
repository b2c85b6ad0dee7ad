import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { PASSWORD_LINK_INVALID, SetPasswordBody } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { PublicCard } from '../../components/public-card';
import { PublicForm } from '../../components/public-form';
import { passwordClient } from '../../api/password-client';

export const SET_PASSWORD_TEXTS = {
  title: 'Set your password',
  intro: 'Choose the password you will use with your email address to sign in.',
  password: 'New password',
  hint: 'At least 8 characters.',
  confirm: 'Confirm password',
  mismatch: "Passwords don't match",
  submit: 'Save password',
  signIn: 'Go to sign in',
} as const;

/**
 * The page of an emailed set-password link (`/set-password?token=...`): a new password, once. Shared by every
 * way such a link is sent (a pledge on an account without a password; later staff invites and forgotten passwords).
 */
export function SetPasswordPage({ token }: { token?: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = passwordClient.publicPassword.setPassword.useMutation({ meta: { silentError: true } });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = SetPasswordBody.safeParse({ token, password });
    const found = parsed.success ? {} : fieldErrors({ body: { issues: parsed.error.issues } });
    if (!found.password && password !== confirm) found.confirmPassword = SET_PASSWORD_TEXTS.mismatch;
    setErrors(found);
    if (!parsed.success || found.confirmPassword) return;
    save.mutate({ body: parsed.data }, { onError: (error) => setErrors(fieldErrors(error)) });
  };

  const signIn = (
    // Inside a tinted alert the theme's link colour falls under 4.5:1 in dark mode: the alert's own text colour, underlined.
    <Anchor href="/login" fw={500} c="inherit" underline="always">
      {SET_PASSWORD_TEXTS.signIn}
    </Anchor>
  );
  let content;
  if (!token) {
    content = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />}>
        <Stack gap="xs">
          <Text size="sm">{PASSWORD_LINK_INVALID}</Text>
          {signIn}
        </Stack>
      </Alert>
    );
  } else if (save.isSuccess) {
    content = (
      <Stack>
        <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={20} />}>
          {save.data.body.message}
        </Alert>
        <Button component="a" href="/login" fullWidth>
          {SET_PASSWORD_TEXTS.signIn}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <PublicForm
        onSubmit={submit}
        call={save}
        fieldErrors={errors}
        intro={SET_PASSWORD_TEXTS.intro}
        submitLabel={SET_PASSWORD_TEXTS.submit}
      >
        <PasswordInput
          label={SET_PASSWORD_TEXTS.password}
          description={SET_PASSWORD_TEXTS.hint}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
          data-autofocus
        />
        <PasswordInput
          label={SET_PASSWORD_TEXTS.confirm}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirmPassword}
          required
        />
      </PublicForm>
    );
  }

  // The login page's width: the two pages follow each other.
  return (
    <PublicCard title={SET_PASSWORD_TEXTS.title} width={380}>
      {content}
    </PublicCard>
  );
}

const route = getRouteApi('/set-password');

export function SetPasswordRoutePage() {
  const { token } = route.useSearch();
  return (
    <main>
      <SetPasswordPage token={token} />
    </main>
  );
}
