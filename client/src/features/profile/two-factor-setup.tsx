import { useState } from 'react';
import { Box, Code, CopyButton, Group, Image, Stack, Text, TextInput, ActionIcon } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { TwoFactorConfirmInput, type TwoFactorSetup as Setup } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { ShortForm } from '../../components/form-kit';
import { useConfirmSetup } from './two-factor-api';

/** The key in groups of four, as authenticator apps ask for it when typed. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Scan the QR code (or type the key), then confirm with the app's code: only then is it on. */
export function TwoFactorSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: Setup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = useConfirmSetup();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = TwoFactorConfirmInput.safeParse({ code });
    if (!parsed.success) return setErrors(fieldErrors({ body: { issues: parsed.error.issues } }));
    setErrors({});
    confirm.mutate(
      { body: parsed.data },
      { onSuccess: ({ body }) => onConfirmed(body.recoveryCodes), onError: (error) => setErrors(fieldErrors(error)) },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        1. Scan this QR code with your authenticator app
      </Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        {/* White behind the code in dark mode too: scanners need the contrast. */}
        <Box bg="white" p={4} style={{ borderRadius: 'var(--mantine-radius-sm)', lineHeight: 0 }}>
          <Image src={setup.qrCode} w={176} h={176} alt="QR code for your authenticator app" />
        </Box>
        <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Cannot scan? Enter this key in the app instead (time-based, 6 digits):
          </Text>
          <Group gap={4} wrap="nowrap">
            <Code fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="two-factor-secret">
              {grouped(setup.secret)}
            </Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Copy the key">
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Group>
      <ShortForm onSubmit={submit} pending={confirm.isPending} onCancel={onCancel} submitLabel="Turn on">
        <TextInput
          label="2. Enter the 6-digit code the app shows"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          maw={240}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
        />
      </ShortForm>
    </Stack>
  );
}
