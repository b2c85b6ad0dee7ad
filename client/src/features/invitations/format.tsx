import { Badge, Tooltip } from '@mantine/core';
import type { Invitation, InvitationStatus } from '@app/contract';

export { formatDay, percent, count } from '../../components/format';

const STATUS_COLORS: Record<InvitationStatus, string> = {
  Draft: 'gray',
  'DB Processing': 'blue',
  Ready: 'teal',
  Sending: 'orange',
  Completed: 'green',
};

/** The invitation's status; a Draft left by a failed database shows why on hover. */
export function StatusBadge({ invitation }: { invitation: Pick<Invitation, 'status' | 'statusReason'> }) {
  const badge = (
    <Badge size="sm" variant="light" color={invitation.statusReason ? 'red' : STATUS_COLORS[invitation.status]}>
      {invitation.status}
    </Badge>
  );
  return invitation.statusReason ? (
    <Tooltip label={invitation.statusReason} multiline w={280}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
