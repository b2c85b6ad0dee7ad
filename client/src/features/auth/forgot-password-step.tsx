import { useState } from 'react';
import { Alert, Anchor, Stack, TextInput, Title } from '@mantine/core';
import { ForgotPasswordBody } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { PublicForm } from '../../components/public-form';
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
    <PublicForm
      onSubmit={submit}
      call={request}
      fieldErrors={errors}
      title={FORGOT_TEXTS.title}
      intro={FORGOT_TEXTS.intro}
      submitLabel={FORGOT_TEXTS.submit}
      footer={back}
    >
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
    </PublicForm>
  );
}
