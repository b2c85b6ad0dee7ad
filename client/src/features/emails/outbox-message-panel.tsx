import { Center, Code, Loader, Stack, Table, Tabs, Text } from '@mantine/core';
import { FormDrawer } from '../../components/form-kit/form-drawer';
import { ListError } from '../../components/list-kit';
import { outboxArea } from './api';

/** One outbox message: its headers, the HTML in a sandboxed frame (no scripts, no same-origin) and the text part. */
export default function OutboxMessagePanel({ id, onClose }: { id: number; onClose: () => void }) {
  const result = outboxArea.useDetail(id);
  const message = result.data?.status === 200 ? result.data.body : undefined;
  return (
    <FormDrawer opened onClose={onClose} title={message?.subject ?? 'Message'}>
      {result.error ? (
        <ListError error={result.error} onRetry={() => void result.refetch()} />
      ) : !message ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack gap="md">
          <Table withRowBorders={false} verticalSpacing={2} aria-label="Headers">
            <Table.Tbody>
              {Object.entries(message.headers).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    <Text size="xs" fw={600}>
                      {name}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">HTML</Tabs.Tab>
              <Tabs.Tab value="text">Text</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              <iframe
                title="HTML part"
                sandbox=""
                srcDoc={message.html}
                style={{
                  width: '100%',
                  height: 560,
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 4,
                  background: '#fff',
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {message.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </FormDrawer>
  );
}
