import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCash, IconHandStop, IconMailShare } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { INVITE_COUNT_FILTERS, INVITEE_EMAIL_FLAGS, INVITEE_EVENTS, type Invitee } from '@app/contract';
import { yesNoOptions, type Column, type FilterDef } from '../../components/list-kit';
import { STATUS_GROUPS, StatusIcons } from '../../components/email-status-icons';
import { formatDay } from './format';
import { DirectoryOptOutBadge } from '../../components/directory-opt-out-badge';
import { InviteeOptOutAction } from './invitee-opt-out';

/**
 * The invitee filters (spec 02 §2): 'Filter invitees...', times invited 1/2/3/4+, removed, test, and the
 * event with the tab's twelve labels (`labelled`) or the all-invitees page's twelve keys.
 */
export function inviteeFilters(labelled: boolean): FilterDef[] {
  return [
    { key: 'search', type: 'search', placeholder: 'Filter invitees...' },
    {
      key: 'inviteCount',
      type: 'select',
      label: 'Times Invited',
      options: INVITE_COUNT_FILTERS.map((v) => ({ value: v, label: `Invited: ${v}` })),
    },
    { key: 'removed', type: 'select', label: 'Removed', options: yesNoOptions('Removed') },
    { key: 'test', type: 'select', label: 'Test', options: yesNoOptions('Test') },
    {
      key: 'event',
      type: 'select',
      label: 'Event',
      options: INVITEE_EVENTS.map((e) => ({ value: e.key, label: labelled ? e.label : e.key })),
    },
  ];
}

function addressLines(a: Record<string, string>): string[] {
  if (a.address) return [a.address];
  const place = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street, a.street2, place, a.country].filter((x): x is string => !!x);
}

function NameBlock({ i }: { i: Invitee }) {
  const name = [i.salutation, i.firstName, i.lastName].filter(Boolean).join(' ') || '(no name)';
  return (
    // A long name or address (an email may have 254 characters) wraps inside its cell, so the row's actions stay in
    // sight; at least 120 px wide, so that on a phone the other columns cannot squeeze it to a word per line.
    <Stack gap={0} miw={120} style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {i.email}
      </Text>
      {(i.major || i.class) && (
        <Text size="xs" c="dimmed">
          {[i.major, i.class].filter(Boolean).join(' · ')}
        </Text>
      )}
      <Group gap={4} mt={2}>
        {i.removed && (
          <Badge size="xs" color="red" variant="light" style={{ maxWidth: '100%' }}>
            Removed - {i.removedReason ?? 'unknown'}
          </Badge>
        )}
        {i.directoryOptOut && <DirectoryOptOutBadge />}
        {i.invitationCode && (
          <Text size="xs" ff="monospace">
            {i.invitationCode}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function PledgePaid({ i }: { i: Invitee }) {
  const mark = (at: string | null, label: string, Icon: typeof IconCash, color: string) =>
    at ? (
      <Tooltip label={`${label} ${formatDay(at)}`}>
        <Group gap={4} wrap="nowrap">
          <ThemeIcon size="sm" radius="xl" variant="light" color={color} role="img" aria-label={label}>
            <Icon size={14} aria-hidden />
          </ThemeIcon>
          <Text size="xs">{formatDay(at)}</Text>
        </Group>
      </Tooltip>
    ) : null;
  if (!i.legacyPledgeAt && !i.legacyPaidAt)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {mark(i.legacyPledgeAt, 'Pledged', IconHandStop, 'blue')}
      {mark(i.legacyPaidAt, 'Paid', IconCash, 'green')}
    </Stack>
  );
}

const flagOf = (i: Invitee) => (key: keyof typeof INVITEE_EMAIL_FLAGS) => i[INVITEE_EMAIL_FLAGS[key]];

/**
 * The invitee columns (spec 02 §2). `emails` / `postal`: whether the invitation delivers them (the tab);
 * undefined on the all-invitees page, where each row follows its own invitation.
 */
export function inviteeColumns(opts: {
  emails?: boolean;
  postal?: boolean;
  withInvitation?: boolean;
  onSendTest?: (i: Invitee) => void;
  /** The row's Payment menu (Record Payment, Complete Without Payment), shown until the invitee has paid or is removed. */
  payment?: (i: Invitee) => ReactNode;
  /** The row's FERPA directory opt-out switch (issue 36 §5), to those who may set it. */
  optOut?: boolean;
}): Column<Invitee>[] {
  const postal = opts.postal !== false;
  const emails = opts.emails !== false;
  const columns: Column<Invitee>[] = [
    { key: 'name', header: 'Name', sortField: 'lastName', render: (i) => <NameBlock i={i} /> },
  ];
  if (opts.withInvitation) {
    columns.push({
      key: 'invitation',
      header: 'Invitation',
      visibleFrom: 'md',
      render: (i) => (
        <div>
          <Anchor component={Link} to={`/admin/logistics/invitations/${i.invitation.id}`} size="sm">
            #{i.invitation.id}
          </Anchor>
          <Text size="xs" c="dimmed">
            {i.invitation.institutionName}
          </Text>
        </div>
      ),
    });
  }
  if (postal) {
    columns.push({
      key: 'address',
      header: 'Address',
      // Beside the invitation column (all invitees) there is room for it on wide screens only.
      visibleFrom: opts.withInvitation ? 'xl' : 'md',
      render: (i) =>
        i.invitation.deliverPostalMails ? (
          <Stack gap={0}>
            {addressLines(i.mailingAddress).map((line) => (
              <Text size="xs" key={line}>
                {line}
              </Text>
            ))}
            {i.phoneNumber && (
              <Text size="xs" c="dimmed">
                {i.phoneNumber}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    });
  }
  columns.push({
    key: 'pledgePaid',
    header: 'Pledge / Paid',
    sortField: 'legacyPledgeAt',
    visibleFrom: 'sm',
    render: (i) => <PledgePaid i={i} />,
  });
  if (emails) {
    // One column, the groups stacked (Delivery, Engagement, Negative: each a named list of its events), so the
    // row's actions and badges stay in sight at desktop width.
    columns.push({
      key: 'email',
      header: 'Email',
      visibleFrom: 'lg',
      render: (i) => {
        const has = flagOf(i);
        const groups = i.invitation.deliverEmails ? STATUS_GROUPS.filter((g) => g.flags.some((f) => has(f.key))) : [];
        if (!groups.length)
          return (
            <Text size="sm" c="dimmed">
              —
            </Text>
          );
        return (
          <Stack gap={4}>
            {groups.map((group) => (
              <StatusIcons key={group.name} has={has} group={group} />
            ))}
          </Stack>
        );
      },
    });
  }
  columns.push(
    {
      key: 'inviteCount',
      header: 'Times Invited',
      sortField: 'inviteCount',
      align: 'center',
      render: (i) => <Text size="sm">{i.inviteCount}</Text>,
    },
    {
      key: 'test',
      header: 'Is Test?',
      align: 'center',
      visibleFrom: 'sm',
      render: (i) =>
        i.testValue ? (
          <Badge size="sm" variant="light" color={i.testValue === 'Variation' ? 'grape' : 'gray'}>
            {i.testValue}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  );
  const onSendTest = emails ? opts.onSendTest : undefined;
  const payment = opts.payment;
  if (onSendTest || payment || opts.optOut) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (i) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {onSendTest && i.invitation.deliverEmails && (
            <Tooltip label="Send Test Email">
              <ActionIcon variant="subtle" aria-label={`Send Test Email for ${i.email}`} onClick={() => onSendTest(i)}>
                <IconMailShare size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {payment && !i.removed && !i.legacyPaidAt && payment(i)}
          {opts.optOut && <InviteeOptOutAction invitee={i} />}
        </Group>
      ),
    });
  }
  return columns;
}
