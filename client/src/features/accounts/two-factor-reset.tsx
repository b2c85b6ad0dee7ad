import { Button, Group, Text } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import type { Account } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { useResetTwoFactor } from './api';

/**
 * On another staff member's Edit panel while their two-factor sign-in is on: the reset for a lost phone.
 * They sign in with the password alone next time (and set it up again when REQUIRE_STAFF_2FA is on).
 */
export function TwoFactorReset({ account }: { account: Account }) {
  const reset = useResetTwoFactor();
  const confirm = () =>
    openConfirmModal({
      title: 'Reset two-factor sign-in',
      children: (
        <Text size="sm">
          Remove the authenticator app and recovery codes of <b>{account.fullName}</b>? They sign in with their password
          alone until they set it up again.
        </Text>
      ),
      labels: { confirm: 'Reset', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => reset(account.id),
    });
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm">Two-factor sign-in is on.</Text>
      <Button variant="light" color="red" size="xs" leftSection={<IconShieldOff size={14} />} onClick={confirm}>
        Reset two-factor sign-in
      </Button>
    </Group>
  );
}
