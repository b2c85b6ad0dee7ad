import { lazy } from 'react';
import { Badge, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { BLOCKED_EMAIL_TYPES, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, type BlockedEmail } from '@app/contract';
import { editColumn, openColumn, updatedColumn, type Column, type FilterDef } from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { blockedEmailsArea } from './api';

const BlockedEmailPanel = lazy(() => import('./blocked-email-panel'));

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search email or reason' },
  { key: 'emailType', type: 'select', label: 'Email Type', options: BLOCKED_EMAIL_TYPES },
  {
    key: 'feedbackType',
    type: 'select',
    label: 'Feedback',
    options: FEEDBACK_TYPES.map((value) => ({ value, label: FEEDBACK_TYPE_LABELS[value] })),
  },
];

const typeColor: Record<BlockedEmail['emailType'], string> = {
  All: 'red',
  Invitation: 'indigo',
  Transactional: 'teal',
};

function columns(openEdit: (id: number) => void): Column<BlockedEmail>[] {
  return [
    openColumn<BlockedEmail>('email', 'Email', openEdit),
    {
      key: 'emailType',
      header: 'Email Type',
      sortField: 'emailType',
      render: (b) => (
        <Badge variant="light" color={typeColor[b.emailType]}>
          {b.emailType}
        </Badge>
      ),
    },
    {
      key: 'feedbackType',
      header: 'Feedback',
      sortField: 'feedbackType',
      visibleFrom: 'sm',
      render: (b) =>
        b.feedbackType === 'manual' ? (
          <Text size="sm" c="dimmed">
            {FEEDBACK_TYPE_LABELS.manual}
          </Text>
        ) : (
          <Tooltip label="Blocked by the recipient's own action: it cannot be undone here">
            <Badge variant="outline" color="orange" leftSection={<IconLock size={12} />}>
              {FEEDBACK_TYPE_LABELS[b.feedbackType]}
            </Badge>
          </Tooltip>
        ),
    },
    {
      key: 'reason',
      header: 'Reason',
      visibleFrom: 'md',
      render: (b) => (
        <Text size="sm" lineClamp={2}>
          {b.reason}
        </Text>
      ),
    },
    updatedColumn<BlockedEmail>('updatedAt', 'lg'),
    editColumn<BlockedEmail>('email', openEdit),
  ];
}

/** /admin/tech/emails-feedback: the Blocked Emails list (spec 03) and its Add/Edit side panel, both in the URL. */
export function BlockedEmailsPage() {
  return (
    <PanelListPage
      title="Blocked Emails"
      addLabel="Add Blocked Email"
      Panel={BlockedEmailPanel}
      area={blockedEmailsArea}
      columns={columns}
      filters={filters}
    />
  );
}
