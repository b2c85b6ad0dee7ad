import { lazy, Suspense } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { EMAIL_EVENTS, EMAIL_SOURCE_LABELS, type EmailSend } from '@app/contract';
import { Note, stackedColumn, useSearchPatch, type Column, type FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { EmailAddress } from '../../components/email-address';
import { emailsArea } from './api';
import { EVENT_LABELS, SendStatus, StatusIcons, STATUS_GROUPS } from './email-status';
import { formatDateTime } from '../../components/format';

const EmailEventsPanel = lazy(() => import('./email-events-panel'));

const routeApi = getRouteApi('/admin/tech/emails-sent');

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search address or subject' },
  { key: 'source', type: 'select', label: 'Source', options: EMAIL_SOURCE_LABELS },
  { key: 'sourceId', type: 'search', label: 'Source Id', placeholder: 'Source id' },
  {
    key: 'event',
    type: 'select',
    label: 'Event',
    options: EMAIL_EVENTS.map((value) => ({ value, label: EVENT_LABELS[value] })),
  },
];

function columns(openDetails: (id: number) => void): Column<EmailSend>[] {
  return [
    stackedColumn('emailTo', 'Email', undefined, (e) => (
      <>
        <Text size="sm" fw={500}>
          <EmailAddress email={e.emailTo} />
        </Text>
        <Note lineClamp={1}>{e.subject ?? '—'}</Note>
      </>
    )),
    stackedColumn('source', 'Source', 'sm', (e) => (
      <>
        <Badge variant="default" tt="none" title={e.source}>
          {e.sourceShort}
        </Badge>
        <Note>#{e.sourceId}</Note>
      </>
    )),
    stackedColumn('sendAt', 'Sent At', 'md', (e) => (
      <>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={e.sendAt ? undefined : 'dimmed'}>
          {e.sendAt ? formatDateTime(e.sendAt) : '—'}
        </Text>
        <SendStatus status={e.status} />
        {e.sendStatusMessage && <Note lineClamp={2}>{e.sendStatusMessage}</Note>}
      </>
    )),
    ...STATUS_GROUPS.map((group): Column<EmailSend> => ({
      key: group.name.toLowerCase(),
      header: group.name,
      visibleFrom: group.name === 'Delivery' ? undefined : 'sm',
      render: (e) => <StatusIcons has={(k) => e[k]} group={group} />,
    })),
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (e) => (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconListDetails size={14} />}
          onClick={() => openDetails(e.id)}
          aria-label={`View Details of the email to ${e.emailTo}`}
        >
          View Details
        </Button>
      ),
    },
  ];
}

/** /admin/tech/emails-sent: the send log (spec 03) and, through `details`, the Email Events panel. */
export function EmailsSentPage() {
  const search = routeApi.useSearch();
  const patchSearch = useSearchPatch();
  const openDetails = (details: number | undefined) =>
    patchSearch({ details, eventsPage: undefined, eventsPageSize: undefined, eventsSort: undefined });
  return (
    <>
      <AreaListPage title="Emails Sent" area={emailsArea} columns={columns(openDetails)} filters={filters} />
      {search.details !== undefined && (
        <Suspense fallback={null}>
          <EmailEventsPanel sendId={search.details} onClose={() => openDetails(undefined)} />
        </Suspense>
      )}
    </>
  );
}
