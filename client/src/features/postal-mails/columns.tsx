import { Anchor, Group, Text } from '@mantine/core';
import type { PostalMail } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { AnchorLink } from '../../components/anchor-link';
import { RowActions, type Column } from '../../components/list-kit';
import { UploadStatusCell } from './status-cell';
import { AbTestBadge } from '../../components/test-variable-badge';
import { formatDateTime } from '../../components/format';

export type MailActions = { edit: (mail: PostalMail) => void; remove: (mail: PostalMail) => void };

function confirmDelete(mail: PostalMail, remove: (mail: PostalMail) => void) {
  openConfirmModal({
    title: 'Delete Postal Mailing',
    children: (
      <Text size="sm">
        Are you sure you want to delete the postal mailing scheduled for <b>{formatDateTime(mail.uploadScheduledAt)}</b>
        ? This action cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(mail),
  });
}

/** The columns both lists share: Upload At, Template file, Invite Count, Test, status and actions. */
export function mailColumns(actions: MailActions, invitationColumn?: Column<PostalMail>): Column<PostalMail>[] {
  return [
    {
      key: 'uploadScheduledAt',
      header: 'Upload At',
      sortField: 'uploadScheduledAt',
      render: (m) => <Text size="sm">{formatDateTime(m.uploadScheduledAt)}</Text>,
    },
    {
      key: 'file',
      header: 'Template file',
      sortField: 'fileName',
      visibleFrom: 'sm',
      render: (m) =>
        m.file ? (
          <Anchor href={m.file.url} size="sm" style={{ wordBreak: 'break-all' }}>
            {m.file.fileName}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    ...(invitationColumn ? [invitationColumn] : []),
    {
      key: 'inviteCount',
      header: 'Invite Count',
      sortField: 'inviteCount',
      visibleFrom: 'sm',
      render: (m) => <Text size="sm">{m.inviteCount}</Text>,
    },
    {
      key: 'testValue',
      header: 'Test',
      sortField: 'testValue',
      visibleFrom: 'sm',
      render: (m) => <Text size="sm">{m.testValue}</Text>,
    },
    { key: 'status', header: 'Status', primary: true, render: (m) => <UploadStatusCell mail={m} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      // Only before the upload starts (the server refuses it afterwards too).
      render: (m) =>
        m.uploadStartedAt ? null : (
          <RowActions
            name={`postal mailing #${m.id}`}
            onEdit={() => actions.edit(m)}
            onDelete={() => confirmDelete(m, actions.remove)}
          />
        ),
    },
  ];
}

/** The all-mailings page's invitation column: institution, chapter, test badge, a link to its tab. */
export const invitationColumn: Column<PostalMail> = {
  key: 'invitation',
  header: 'Invitation',
  sortField: 'institution',
  render: (m) => (
    <div style={{ minWidth: 130 }}>
      <Group gap={6} wrap="nowrap">
        <AnchorLink
          to="/admin/logistics/invitations/$invitationId"
          params={{ invitationId: String(m.invitation.id) }}
          search={{ tab: 'Postal Mailings' }}
          size="sm"
          fw={500}
        >
          #{m.invitation.id} {m.invitation.institutionName}
        </AnchorLink>
        {m.invitation.test && <AbTestBadge name={m.invitation.test.name} />}
      </Group>
      <Text size="xs" c="dimmed">
        {m.invitation.chapterName}
      </Text>
    </div>
  ),
};
