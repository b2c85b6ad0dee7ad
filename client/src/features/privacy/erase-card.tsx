import { useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconEraser, IconFlask } from '@tabler/icons-react';
import { areaLabel, type ErasureChanges } from '@app/contract';
import { useMay } from '../../api/permissions';
import { count } from '../../components/format';
import { openConfirmModal } from '../../lib/overlay-gate';
import { privacyRoutes, useErasure, useStartErasure } from './api';
import { RequestStatus } from './request-status';
import { PrivacyCard } from './privacy-card';

/** Rows per table, as a dry run or a finished erasure reports them. */
export function ChangesTable({ changes }: { changes: ErasureChanges }) {
  const rows = Object.entries(changes);
  if (rows.length === 0) return <Text size="sm">Nothing is held about this address.</Text>;
  return (
    <Table verticalSpacing={4} fz="sm" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Table</Table.Th>
          <Table.Th ta="right">Rows</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([table, n]) => (
          <Table.Tr key={table}>
            <Table.Td>{areaLabel(table)}</Table.Td>
            <Table.Td ta="right">{count(n)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Right to erasure: the reason, a dry run listing the rows each table would change, then the erasure itself
 * (confirmed in a dialog). One of someone with a payment waits for a second staff member.
 */
export function EraseCard({ email }: { email: string }) {
  const may = useMay('write', privacyRoutes.createErasure);
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<ErasureChanges>();
  const [id, setId] = useState<number>();
  const start = useStartErasure();
  const request = useErasure(id)?.data?.body;
  const run = (dryRun: boolean) =>
    start.mutate(
      { body: { email, reason, dryRun } },
      {
        onSuccess: (res) => {
          if (res.status === 200) setPreview(res.body.changes);
          else setId(res.body.id);
        },
      },
    );
  const confirm = () =>
    openConfirmModal({
      title: 'Erase this person',
      children: (
        <Text size="sm">
          Their name, email, phone, address and free text are replaced everywhere, their chats and answers removed.
          Figures and payments stay. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Erase', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => run(false),
    });
  return (
    <PrivacyCard title="Erase (right to erasure)" error={start.error}>
      <Textarea
        label="Reason"
        description="Kept with the erasure in the audit log."
        required
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      {preview && !request && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            The erasure would change:
          </Text>
          <ChangesTable changes={preview} />
        </Stack>
      )}
      {request && <RequestStatus label="Erasure" request={request} />}
      {request?.status === 'Awaiting confirmation' && (
        <Alert color="yellow" variant="light" title="Waiting for a second staff member">
          This person has a payment: another staff member must confirm erasure #{request.id} on this screen.
        </Alert>
      )}
      {request?.changes && <ChangesTable changes={request.changes} />}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconFlask size={16} />}
          disabled={!may || !reason.trim()}
          loading={start.isPending && start.variables?.body.dryRun === true}
          onClick={() => run(true)}
        >
          Preview changes
        </Button>
        <Button
          color="red"
          leftSection={<IconEraser size={16} />}
          disabled={!may || !reason.trim() || !!request}
          loading={start.isPending && start.variables?.body.dryRun === false}
          onClick={confirm}
        >
          Erase
        </Button>
      </Group>
    </PrivacyCard>
  );
}
