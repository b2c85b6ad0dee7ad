import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { TwoFactorSetup as Setup } from '@app/contract';
import { formatDay } from '../../components/format';
import { RecoveryCodes } from './recovery-codes';
import { useStartSetup, useTwoFactorStatus } from './two-factor-api';
import { NewRecoveryCodesForm, TwoFactorOffForm } from './code-or-password-form';
import { TwoFactorSetup } from './two-factor-setup';

type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: Setup }
  | { kind: 'codes'; codes: string[]; renewed?: boolean }
  | { kind: 'turning-off' }
  | { kind: 'renewing' };

/** Two-factor sign-in on the profile: turn it on (QR code, key, confirming code, recovery codes) or off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartSetup();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const idle = () => setStage({ kind: 'idle' });
  const s = status.data?.status === 200 ? status.data.body : undefined;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconShieldLock size={20} aria-hidden />
          <Title order={3} size="h4" id="two-factor-title">
            Two-factor sign-in
          </Title>
        </Group>
        {s && stage.kind !== 'codes' && (
          <Badge color={s.enabled ? 'teal' : 'gray'} variant="light">
            {s.enabled ? 'On' : 'Off'}
          </Badge>
        )}
      </Group>
      {!s ? (
        <Skeleton h={60} />
      ) : stage.kind === 'codes' ? (
        <RecoveryCodes codes={stage.codes} renewed={stage.renewed} onDone={idle} />
      ) : stage.kind === 'setup' ? (
        <TwoFactorSetup
          setup={stage.setup}
          onConfirmed={(codes) => setStage({ kind: 'codes', codes })}
          onCancel={idle}
        />
      ) : s.enabled ? (
        <Stack gap="sm">
          <Text size="sm">
            Signing in asks for a code from your authenticator app after your password. On since{' '}
            {formatDay(s.enabledAt)}; {s.recoveryCodesLeft} recovery code{s.recoveryCodesLeft === 1 ? '' : 's'} left.
          </Text>
          {stage.kind === 'turning-off' ? (
            <TwoFactorOffForm onDone={idle} />
          ) : stage.kind === 'renewing' ? (
            <NewRecoveryCodesForm
              onCodes={(codes) => setStage({ kind: 'codes', codes, renewed: true })}
              onCancel={idle}
            />
          ) : (
            <Group>
              <Button variant="default" onClick={() => setStage({ kind: 'renewing' })}>
                New recovery codes
              </Button>
              <Button variant="default" color="red" onClick={() => setStage({ kind: 'turning-off' })}>
                Turn off
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          {s.required && (
            <Alert color="yellow" title="Required for staff">
              Set up two-factor sign-in to continue: the rest of the back-office opens once it is on.
            </Alert>
          )}
          <Text size="sm">
            Add a second step to your sign-in: a 6-digit code from an authenticator app on your phone (Google
            Authenticator, Microsoft Authenticator, 1Password, or any other).
          </Text>
          <Group>
            <Button
              loading={start.isPending}
              onClick={() => start.mutate({}, { onSuccess: ({ body }) => setStage({ kind: 'setup', setup: body }) })}
            >
              Turn on two-factor sign-in
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
