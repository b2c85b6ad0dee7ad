import { Badge, Text, Tooltip } from '@mantine/core';
import type { InvitationEmail } from '@app/contract';
import { count } from '../../components/format';

/**
 * A reminder's send (spec 02 §4): Scheduled until its hour, then In Progress, Sent (Success) with the
 * recipients reached, or Failed with its reason on hover.
 */
export function SendStatusCell({ reminder: r }: { reminder: InvitationEmail }) {
  if (!r.sendStartedAt) {
    return (
      <Text size="sm" c="dimmed">
        Scheduled
      </Text>
    );
  }
  if (r.sendStatus === 'Success') {
    return (
      <Tooltip label={`${count(r.recipients ?? 0)} recipients, ${count(r.totalSent)} sent so far`} withArrow>
        <Badge size="sm" variant="light" color="green" tabIndex={0}>
          Sent
        </Badge>
      </Tooltip>
    );
  }
  if (r.sendStatus === 'Failed') {
    const reason = r.sendStatusReason ?? 'The send failed';
    return (
      <Tooltip label={reason} multiline w={280} withArrow>
        <Badge size="sm" variant="light" color="red" tabIndex={0} aria-label={`Failed: ${reason}`}>
          Failed
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge size="sm" variant="light" color="blue">
      In Progress
    </Badge>
  );
}
