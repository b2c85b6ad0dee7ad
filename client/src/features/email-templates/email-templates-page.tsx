import { Suspense, lazy, useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { TEMPLATE_TYPES, emailTemplatesContract, type EmailTemplate } from '@app/contract';
import { Can } from '../../api/permissions';
import {
  actionsColumn,
  EditButton,
  enabledColumn,
  linkColumn,
  RowButton,
  updatedColumn,
  yesNoOptions,
  type Column,
  type FilterDef,
} from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { EmailAddress } from '../../components/email-address';
import { emailTemplatesArea } from './api';
import { formatDateTime } from '../../components/format';

// The dialog and its pickers load when first opened, not with the list.
const SendTestDialog = lazy(() => import('./send-test-dialog').then((m) => ({ default: m.SendTestDialog })));

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name, subject or from address' },
  { key: 'enabled', type: 'select', label: 'Enabled', options: yesNoOptions('Enabled') },
  { key: 'type', type: 'select', label: 'Type', options: TEMPLATE_TYPES },
];

const editPath = (t: EmailTemplate) => `/admin/tech/email-templates/${t.id}/edit`;

function columns(onSendTest: (t: EmailTemplate) => void): Column<EmailTemplate>[] {
  return [
    linkColumn<EmailTemplate>('name', 'Name', editPath, (t) => (
      <Text size="xs" c="dimmed">
        {t.subject}
      </Text>
    )),
    {
      key: 'from',
      header: 'From',
      visibleFrom: 'md',
      render: (t) => (
        <div>
          <Text size="sm">{t.fromName}</Text>
          <Text size="xs" c="dimmed">
            <EmailAddress email={t.fromEmail} />
          </Text>
        </div>
      ),
    },
    // Its own column on wide screens only: the row's actions stay in sight at 1280 px.
    {
      key: 'replyTo',
      header: 'Reply To',
      visibleFrom: 'xl',
      render: (t) => (
        <Text size="sm">
          <EmailAddress email={t.replyToEmail} />
        </Text>
      ),
    },
    { key: 'type', header: 'Type', visibleFrom: 'sm', render: (t) => <Text size="sm">{t.templateType}</Text> },
    {
      key: 'format',
      header: 'Format',
      sortField: 'format',
      visibleFrom: 'sm',
      render: (t) => (
        <Badge variant="light" color="gray">
          {t.bodyFormat.toUpperCase()}
        </Badge>
      ),
    },
    enabledColumn<EmailTemplate>({ yes: 'Yes', no: 'No' }),
    updatedColumn<EmailTemplate>('updated', 'xl', (iso) => formatDateTime(iso)),
    actionsColumn((t) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <EditButton name={t.name} to={editPath(t)} />
        <Can call={emailTemplatesContract.sendTestEmail}>
          <RowButton
            icon={IconSend}
            label="Send Test Email"
            ariaLabel={`Send Test Email: ${t.name}`}
            onClick={() => onSendTest(t)}
          />
        </Can>
      </Group>
    )),
  ];
}

/** /admin/tech/email-templates: filters search, enabled (1/0) and type; Add and Edit go to full-page forms. */
export function EmailTemplatesPage() {
  const [testing, setTesting] = useState<EmailTemplate | null>(null);
  return (
    <>
      <AreaListPage
        title="Email Templates"
        addLabel="Add Email Template"
        addTo="/admin/tech/email-templates/new"
        area={emailTemplatesArea}
        columns={columns(setTesting)}
        filters={filters}
      />
      {testing && (
        <Suspense fallback={null}>
          <SendTestDialog template={testing} onClose={() => setTesting(null)} />
        </Suspense>
      )}
    </>
  );
}
