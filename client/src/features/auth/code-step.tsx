import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { LoginCodeBody, type CurrentAccount } from '@app/contract';
import { authClient } from '../../api/auth-client';
import { errorMessage, fieldErrors } from '../../api/errors';

/**
 * The second step of a staff sign-in with two-factor sign-in on: the six-digit code from the authenticator
 * app, or one of the recovery codes. The server answers every wrong code with the same message.
 */
export function CodeStep({
  onSignedIn,
  onBack,
}: {
  onSignedIn: (account: CurrentAccount) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const verify = authClient.auth.loginCode.useMutation({ meta: { silentError: true } });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = LoginCodeBody.safeParse({ code });
    if (!parsed.success) {
      setErrors(fieldErrors({ body: { issues: parsed.error.issues } }));
      return;
    }
    setErrors({});
    verify.mutate(
      { body: parsed.data },
      { onSuccess: ({ body }) => onSignedIn(body.account), onError: (error) => setErrors(fieldErrors(error)) },
    );
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setErrors({});
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>Two-factor sign-in</Title>
        <Text size="sm" c="dimmed">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
        {verify.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorMessage(verify.error)}
          </Alert>
        )}
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Code'}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          maxLength={40}
          data-autofocus
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
          required
          styles={{
            input: {
              fontFamily: 'var(--mantine-font-family-monospace)',
              letterSpacing: recovery ? undefined : '0.2em',
            },
          }}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {recovery ? 'Use a code from the app' : 'Use a recovery code'}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
