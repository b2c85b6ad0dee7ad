import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { DryRunResult } from '@app/contract';
import { errorMessage } from '../../api/errors';
import { count } from './format';
import { invitationsRoutes, useDryRun } from './api';
import { usePermissions } from '../../api/permissions';

type Props = { databaseId: number; cleanJoined: boolean; cleanInviteCount: string };

/** What cleaning would do to the chosen file: rows read, and per rule how many it removes with examples. */
function DryRunReport({ result }: { result: DryRunResult }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        {count(result.rowsRead)} rows read: <b>{count(result.valid)} valid</b>, {count(result.rowsRead - result.valid)}{' '}
        would be removed.
      </Text>
      {result.removed.length > 0 && (
        <Table withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              <Table.Th>Examples</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.removed.map((r) => (
              <Table.Tr key={r.reason}>
                <Table.Td>{r.reason}</Table.Td>
                <Table.Td ta="right">{count(r.count)}</Table.Td>
                <Table.Td>
                  <List size="xs" listStyleType="none">
                    {r.examples.map((e) => (
                      <List.Item key={e.rowNumber}>
                        Row {e.rowNumber}: {e.email || '(empty)'}
                      </List.Item>
                    ))}
                  </List>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * 'Check file': a dry run of the uploaded database with the form's cleaning options; nothing is saved. Only for
 * accounts that may make the dry run's call.
 */
export function DatabaseDryRun({ databaseId, cleanJoined, cleanInviteCount }: Props) {
  const dryRun = useDryRun();
  const mayCheck = usePermissions().can(invitationsRoutes.dryRun);
  const ran = dryRun.data?.status === 200 ? dryRun.data.body : undefined;
  const run = () =>
    dryRun.mutate({ body: { databaseId, cleanJoined, cleanInviteCount: cleanInviteCount as '2' | '3' | '4' } });
  if (!mayCheck) return null;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFlask size={14} />}
          onClick={run}
          loading={dryRun.isPending}
        >
          Check file
        </Button>
        <Text size="xs" c="dimmed">
          Reads the file and shows what cleaning would remove, before you save.
        </Text>
      </Group>
      {dryRun.error != null && (
        <Alert color="red" variant="light" title="The file cannot be used">
          {errorMessage(dryRun.error)}
        </Alert>
      )}
      {ran && <DryRunReport result={ran} />}
    </Stack>
  );
}
