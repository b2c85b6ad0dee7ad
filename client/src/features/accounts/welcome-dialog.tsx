import { Stack, Text } from '@mantine/core';
import { welcomeConfirmText, welcomeLastSentText, type MemberRow } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { formatDateTime } from '../../components/format';
import { lastWelcomeEmail, useSendWelcomeEmail } from './api';

/**
 * Spec 01: Send Welcome Email asks first. The dialog also says when the last welcome went (issue 38 §6);
 * confirming then sends it again, named by that last send, so a second dialog opened meanwhile sends nothing
 * more. The server sends WelcomeEmail to a member who paid, WelcomeEmailNoPayment otherwise.
 */
export function useWelcomeDialog() {
  const sendWelcome = useSendWelcomeEmail();
  return async (m: MemberRow) => {
    const lastSent = await lastWelcomeEmail(m.id);
    openConfirmModal({
      title: 'Send Welcome Email',
      children: (
        <Stack gap={6}>
          <Text size="sm">{welcomeConfirmText(m)}</Text>
          {lastSent !== undefined && (
            <Text size="sm" c="dimmed">
              {welcomeLastSentText(lastSent, (iso) => formatDateTime(iso))}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onConfirm: () => sendWelcome(m.id, lastSent?.sendId),
    });
  };
}
