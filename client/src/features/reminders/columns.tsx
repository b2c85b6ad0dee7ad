import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { InvitationEmail } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { RowActions, type Column } from '../../components/list-kit';
import { count, formatDateTime } from '../../components/format';
import { RateBadge } from '../../components/rate-badge';
import { SendStatusCell } from './status-cell';

export type ReminderActions = { edit: (r: InvitationEmail) => void; remove: (r: InvitationEmail) => void };

function confirmDelete(r: InvitationEmail, remove: (r: InvitationEmail) => void) {
  openConfirmModal({
    title: 'Delete Email Reminder',
    children: (
      <Text size="sm">
        Are you sure you want to delete the reminder "{r.template.name}" scheduled for{' '}
        <b>{formatDateTime(r.sendScheduledAt)}</b>? This action cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(r),
  });
}

const of = (part: number, whole: number, what: string) => `${count(part)} of ${count(whole)} ${what}`;

/** The invitation of a reminder in the all-reminders list: institution, chapter, test badge, link. */
export const invitationColumn: Column<InvitationEmail> = {
  key: 'invitation',
  header: 'Invitation',
  render: (r) => (
    <Stack gap={2}>
      <Anchor component={Link} to={`/admin/logistics/invitations/${r.invitation.id}?tab=Email+Reminders`} size="sm">
        #{r.invitation.id} - {r.invitation.institutionName}
      </Anchor>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {r.invitation.chapterName}
        </Text>
        {r.invitation.testName && (
          <Badge size="xs" variant="outline" color="grape">
            {r.invitation.testName}
          </Badge>
        )}
      </Group>
    </Stack>
  ),
};

/** The columns both reminder lists share, with edit and delete (until the send starts) when `actions` are given. */
export function reminderColumns(
  actions?: ReminderActions,
  extra: Column<InvitationEmail>[] = [],
): Column<InvitationEmail>[] {
  const columns: Column<InvitationEmail>[] = [
    {
      key: 'template',
      header: 'Template',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.template.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {r.template.subject}
          </Text>
        </Stack>
      ),
    },
    ...extra,
    {
      key: 'sendScheduledAt',
      header: 'Scheduled',
      sortField: 'sendScheduledAt',
      render: (r) => <Text size="sm">{formatDateTime(r.sendScheduledAt)}</Text>,
    },
    {
      key: 'audience',
      header: 'Audience',
      visibleFrom: 'sm',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {r.inviteCount}
          </Text>
          <Text size="xs" c="dimmed">
            Test: {r.testValue}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'recipients',
      header: 'Recipients',
      visibleFrom: 'md',
      render: (r) => (
        <Tooltip
          label={
            r.sendStartedAt
              ? `${count(r.recipients ?? 0)} selected when the send started`
              : 'Valid invitees of this bucket and segment now'
          }
          withArrow
        >
          <Text size="sm" tabIndex={0}>
            {count(r.recipients ?? r.projectedRecipients)}
          </Text>
        </Tooltip>
      ),
    },
    { key: 'sendStatus', header: 'Status', sortField: 'sendStatus', render: (r) => <SendStatusCell reminder={r} /> },
    {
      key: 'delivery',
      header: 'Delivery',
      visibleFrom: 'md',
      render: (r) => (
        <RateBadge
          label="Delivery rate"
          rate={r.deliveryRate}
          level={r.deliveryRateLevel}
          detail={of(r.totalDelivered, r.totalSent, 'sent')}
        />
      ),
    },
    {
      key: 'open',
      header: 'Open',
      visibleFrom: 'md',
      render: (r) => (
        <RateBadge
          label="Open rate"
          rate={r.openRate}
          level={r.openRateLevel}
          detail={of(r.totalOpened, r.totalDelivered, 'delivered')}
        />
      ),
    },
    {
      key: 'ctr',
      header: 'CTR',
      visibleFrom: 'md',
      render: (r) => (
        <RateBadge
          label="Click-through rate"
          rate={r.clickThruRate}
          level={r.clickThruRateLevel}
          detail={of(r.totalClicked, r.totalDelivered, 'delivered')}
        />
      ),
    },
    {
      key: 'negative',
      header: 'Bounce / Spam / Unsub',
      visibleFrom: 'xl',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <RateBadge
            label="Hard bounce rate"
            rate={r.bouncedHardRate}
            level={r.bouncedHardRateLevel}
            detail={of(r.totalBouncedHard, r.totalSent, 'sent')}
          />
          <RateBadge
            label="Spam rate"
            rate={r.spamRate}
            level={r.spamRateLevel}
            detail={of(r.totalSpam, r.totalDelivered, 'delivered')}
          />
          <RateBadge
            label="Unsubscribe rate"
            rate={r.unsubRate}
            level={r.unsubRateLevel}
            detail={of(r.totalUnsub, r.totalDelivered, 'delivered')}
          />
        </Group>
      ),
    },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      // Only before the send starts (the server refuses it afterwards too).
      render: (r) =>
        r.sendStartedAt ? null : (
          <RowActions
            name={`reminder #${r.id}`}
            onEdit={() => actions.edit(r)}
            onDelete={() => confirmDelete(r, actions.remove)}
          />
        ),
    },
  ];
}
