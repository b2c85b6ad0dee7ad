import { useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { auditLogContract } from '@app/contract';
import { Can } from '../../api/permissions';
import { formatDateTime } from '../format';
import { ListError } from '../list-kit/list-error';
import { auditLogArea } from './api';
import { AuditChanges } from './audit-changes';

const STEP = 10;

/**
 * A record's History (issue 27): its audit rows newest first, who did what when, and each update's changed
 * fields old -> new. `entity` is the table the triggers name (`institutions`, `chapters`, `accounts`,
 * `invitations`, `email_templates`).
 * Shown only to those who may read the audit log (issue 35 §6: no refused call behind a screen).
 * @example <HistoryPanel entity="chapters" entityId={chapter.id} />
 */
export function HistoryPanel(props: { entity: string; entityId: number }) {
  return (
    <Can call={auditLogContract.list}>
      <History {...props} />
    </Can>
  );
}

function History({ entity, entityId }: { entity: string; entityId: number }) {
  const [pageSize, setPageSize] = useState(STEP);
  const result = auditLogArea.useList({ entity, entityId: String(entityId), pageSize, sort: 'at:desc' });
  const page = result.data?.body;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`history-${entity}-${entityId}`}>
      <Title order={3} size="h5" mb="sm" id={`history-${entity}-${entityId}`}>
        History
      </Title>
      {result.error ? (
        <ListError error={result.error} onRetry={() => void result.refetch()} />
      ) : !page ? (
        <Loader size="sm" aria-label="Loading history" />
      ) : page.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No recorded changes yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {page.items.map((entry) => (
            <div key={entry.id} data-testid="history-entry">
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600} tt="capitalize">
                  {entry.action.replace(/-/g, ' ')}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(entry.at)} by {entry.actorName ?? 'unknown'}
                </Text>
              </Group>
              <AuditChanges entry={entry} />
            </div>
          ))}
          {page.pagination.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setPageSize((n) => Math.min(n + STEP * 2, 100))}
              loading={result.isFetching}
              style={{ alignSelf: 'flex-start' }}
            >
              Show more
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
