import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { openConfirmModal } from '../../lib/overlay-gate';
import { IconMail, IconMailbox, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  invitationsContract,
  DELETABLE_STATUSES,
  InvitationListQuery,
  type Invitation,
  type Paged,
} from '@app/contract';
import { Can } from '../../api/permissions';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { invitationsArea, invitationsRoutes } from './api';
import { count, formatDay, percent, StatusBadge } from './format';
import { AbTestBadge } from '../../components/test-variable-badge';
import { ProgressCell } from '../../components/progress-cell';
import { ChannelItems } from './channel-items';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search id, institution or chapter' },
  { key: 'deadlineFrom', type: 'date', label: 'Deadline from' },
  { key: 'deadlineTo', type: 'date', label: 'Deadline to' },
];

/** Re-read the page every 1.5 s while any of its invitations is processing its database. */
const POLL_MS = 1500;
const pollWhileProcessing = (response: unknown) => {
  const body = (response as { body?: Paged<Invitation> } | undefined)?.body;
  return body?.items?.some((i) => i.status === 'DB Processing') ? POLL_MS : false;
};
const useInvitationList = (query: Parameters<typeof invitationsArea.useList>[0]) =>
  invitationsArea.useList(query, { refetchInterval: pollWhileProcessing });

/** countProcessed over countPreClean, moving as the job writes (spec 02 §2). */
export function ProcessingProgress({ invitation }: { invitation: Invitation }) {
  return (
    <ProgressCell
      done={invitation.countProcessed}
      total={invitation.countPreClean}
      label="Processing database"
      waiting="Reading file…"
    />
  );
}

function confirmDelete(invitation: Invitation, remove: (id: number) => void) {
  openConfirmModal({
    title: 'Delete Invitation',
    children: (
      <Text size="sm">
        Are you sure you want to delete invitation <b>#{invitation.id}</b> for {invitation.institution.name}? This
        action cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(invitation.id),
  });
}

const detailPath = (i: Invitation) => `/admin/logistics/invitations/${i.id}`;

function columns(remove: (id: number) => void): Column<Invitation>[] {
  return [
    {
      key: 'id',
      header: 'Id',
      sortField: 'id',
      render: (i) => (
        <Anchor component={Link} to={detailPath(i)} fw={600} size="sm">
          #{i.id}
        </Anchor>
      ),
    },
    {
      key: 'institution',
      header: 'Institution',
      sortField: 'institution',
      render: (i) => (
        <div>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={detailPath(i)} size="sm" fw={500}>
              {i.institution.name}
            </Anchor>
            {i.test && <AbTestBadge name={i.test.name} />}
          </Group>
          <Text size="xs" c="dimmed">
            {i.chapter.name}
          </Text>
        </div>
      ),
    },
    {
      key: 'deadline',
      header: 'Deadline',
      sortField: 'deadline',
      render: (i) => (
        <div>
          <Text size="sm">{formatDay(i.deadline)}</Text>
          <Text size="xs" c="dimmed">
            Orientation {formatDay(i.orientationDate)}
          </Text>
        </div>
      ),
    },
    {
      key: 'channels',
      header: 'Channels',
      visibleFrom: 'md',
      render: (i) =>
        i.deliverEmails || i.deliverPostalMails ? (
          <Stack gap={6}>
            {i.deliverEmails && (
              <ChannelItems label="Email" color="blue" icon={<IconMail size={12} />} schedule={i.scheduled.emails} />
            )}
            {i.deliverPostalMails && (
              <ChannelItems
                label="Postal"
                color="orange"
                icon={<IconMailbox size={12} />}
                schedule={i.scheduled.postalMails}
              />
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'invitees',
      header: 'Invitees',
      sortField: 'status',
      render: (i) =>
        i.status === 'DB Processing' ? (
          <ProcessingProgress invitation={i} />
        ) : (
          <div>
            <Text size="sm">{count(i.countValid)}</Text>
            <StatusBadge invitation={i} />
          </div>
        ),
    },
    {
      key: 'pledgeRate',
      header: 'Pledge Rate',
      visibleFrom: 'sm',
      render: (i) => <Text size="sm">{percent(i.pledgeRate)}</Text>,
    },
    { key: 'paidRate', header: 'RR', visibleFrom: 'sm', render: (i) => <Text size="sm">{percent(i.paidRate)}</Text> },
    {
      key: 'joined',
      header: 'Joined',
      visibleFrom: 'sm',
      render: (i) => <Text size="sm">{count(i.countJoined)}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (i) =>
        DELETABLE_STATUSES.includes(i.status) ? (
          <Can call={invitationsContract.remove}>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete invitation #${i.id}`}
                onClick={() => confirmDelete(i, remove)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Can>
        ) : null,
    },
  ];
}

/** /admin/logistics/invitations: filters search, deadlineFrom, deadlineTo; progress while processing; delete in Draft or DB Processing. */
export function InvitationsPage() {
  const { remove } = invitationsArea.useRemove();
  return (
    <AreaListPage
      title="Invitations"
      area={{ listQuery: InvitationListQuery, useList: useInvitationList, exportRoute: invitationsRoutes.export }}
      columns={columns(remove)}
      filters={filters}
      actions={
        <Can call={invitationsContract.create}>
          <Button component={Link} to="/admin/logistics/invitations/new" leftSection={<IconPlus size={16} />}>
            Add Invitation
          </Button>
        </Can>
      }
    />
  );
}
