import { lazy, Suspense } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { IconEye, IconInfoCircle } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { OutboxMessage } from '@app/contract';
import { Note, stackedColumn, useSearchPatch, type Column, type FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { outboxArea } from './api';
import { formatDateTime } from '../../components/format';

const OutboxMessagePanel = lazy(() => import('./outbox-message-panel'));

const routeApi = getRouteApi('/admin/tech/outbox');

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search address or subject' }];

function columns(open: (id: number) => void): Column<OutboxMessage>[] {
  return [
    stackedColumn('toAddress', 'To', undefined, (m) => (
      <>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {m.toAddress}
        </Text>
        <Note>{m.fromAddress}</Note>
      </>
    )),
    {
      key: 'subject',
      header: 'Subject',
      sortField: 'subject',
      visibleFrom: 'sm',
      render: (m) => (
        <Text size="sm" lineClamp={2}>
          {m.subject}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      header: 'Delivered',
      sortField: 'createdAt',
      visibleFrom: 'md',
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(m.createdAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (m) => (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconEye size={14} />}
          onClick={() => open(m.id)}
          aria-label={`View the message to ${m.toAddress}`}
        >
          View
        </Button>
      ),
    },
  ];
}

/** /admin/tech/outbox: messages delivered locally (no SMTP_URL), and one message through `message`. */
export function OutboxPage() {
  const search = routeApi.useSearch();
  const patchSearch = useSearchPatch();
  const open = (message: number | undefined) => patchSearch({ message });
  return (
    <>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md">
        With no SMTP server configured (SMTP_URL), every email is delivered here instead of being sent.
      </Alert>
      <AreaListPage title="Outbox" area={outboxArea} columns={columns(open)} filters={filters} />
      {search.message !== undefined && (
        <Suspense fallback={null}>
          <OutboxMessagePanel id={search.message} onClose={() => open(undefined)} />
        </Suspense>
      )}
    </>
  );
}
