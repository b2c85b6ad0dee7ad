import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { ForgotPasswordBody } from '@app/contract';
import { errorMessage, fieldErrors } from '../../api/errors';
import { passwordClient } from '../../api/password-client';

export const FORGOT_TEXTS = {
  link: 'Forgot password?',
  title: 'Forgot password',
  intro: 'Enter the email address you sign in with. We will email it a link to set a new password.',
  submit: 'Email me a link',
  back: 'Back to sign in',
} as const;

/**
 * "Forgot password?" on the sign-in page: asks for a set-password link (the page of `/set-password`). The server
 * answers every address alike, so this only ever says that a link is on its way if the address has an account.
 */
export function ForgotPasswordStep({ email: initial, onBack }: { email: string; onBack: () => void }) {
  const [email, setEmail] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = passwordClient.publicPassword.forgotPassword.useMutation({ meta: { silentError: true } });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ForgotPasswordBody.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors({ body: { issues: parsed.error.issues } }));
      return;
    }
    setErrors({});
    request.mutate({ body: parsed.data }, { onError: (error) => setErrors(fieldErrors(error)) });
  };

  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack}>
      {FORGOT_TEXTS.back}
    </Anchor>
  );
  if (request.isSuccess)
    return (
      <Stack>
        <Title order={2}>{FORGOT_TEXTS.title}</Title>
        <Alert color="green" role="status">
          {request.data.body.message}
        </Alert>
        {back}
      </Stack>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>{FORGOT_TEXTS.title}</Title>
        <Text size="sm" c="dimmed">
          {FORGOT_TEXTS.intro}
        </Text>
        {request.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorMessage(request.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          data-autofocus
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          required
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {FORGOT_TEXTS.submit}
        </Button>
        {back}
      </Stack>
    </form>
  );
}
