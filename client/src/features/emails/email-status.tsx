import { Badge } from '@mantine/core';
import type { EmailSend } from '@app/contract';

export { EVENT_LABELS, STATUS_GROUPS, StatusIcons } from '../../components/email-status-icons';

const STATUS_TEXT: Record<EmailSend['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sent: { label: 'Sent', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
  suppressed: { label: 'Blocked', color: 'dark' },
};

/** The send's own state (queued, sent, failed, blocked) as a badge. */
export function SendStatus({ status }: { status: EmailSend['status'] }) {
  const s = STATUS_TEXT[status];
  return (
    <Badge variant="light" color={s.color}>
      {s.label}
    </Badge>
  );
}
