import { lazy } from 'react';
import { Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { BLOCKED_EMAIL_TYPES, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, type BlockedEmail } from '@app/contract';
import { actionsColumn, EditButton, type Column, type FilterDef } from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { blockedEmailsArea } from './api';

const BlockedEmailPanel = lazy(() => import('./blocked-email-panel'));

// Dates are shown as UTC days, like the other lists.
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search email or reason' },
  { key: 'emailType', type: 'select', label: 'Email Type', options: BLOCKED_EMAIL_TYPES },
  { key: 'feedbackType', type: 'select', label: 'Feedback', options: FEEDBACK_TYPES.map((value) => ({ value, label: FEEDBACK_TYPE_LABELS[value] })) },
];

const typeColor: Record<BlockedEmail['emailType'], string> = { All: 'red', Invitation: 'indigo', Transactional: 'teal' };

function columns(openEdit: (id: number) => void): Column<BlockedEmail>[] {
  return [
    {
      key: 'email',
      header: 'Email',
      sortField: 'email',
      render: (b) => (
        <UnstyledButton onClick={() => openEdit(b.id)} aria-label={`Open ${b.email}`}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {b.email}
          </Text>
        </UnstyledButton>
      ),
    },
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
    { key: 'reason', header: 'Reason', visibleFrom: 'md', render: (b) => <Text size="sm" lineClamp={2}>{b.reason}</Text> },
    {
      key: 'updatedAt',
      header: 'Updated',
      sortField: 'updatedAt',
      visibleFrom: 'lg',
      render: (b) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {day.format(new Date(b.updatedAt))}
          </Text>
          {b.updatedBy && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              by {b.updatedBy}
            </Text>
          )}
        </Group>
      ),
    },
    actionsColumn((b) => <EditButton name={b.email} onClick={() => openEdit(b.id)} />),
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
      columns={(panel) => columns(panel.openEdit)}
      filters={filters}
    />
  );
}
