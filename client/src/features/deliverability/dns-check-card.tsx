import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconRefresh, IconX } from '@tabler/icons-react';
import type { DnsCheck } from '@app/contract';
import { Can } from '../../api/permissions';
import { runDnsCheckRoute, useDnsCheck, useRunDnsCheck } from './api';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Records({ check }: { check: DnsCheck }) {
  return (
    <Stack gap={6}>
      {check.records.map((r) => (
        <Group key={r.name} gap="xs" wrap="nowrap" align="flex-start">
          <Badge
            color={r.ok ? 'green' : 'red'}
            variant="light"
            leftSection={r.ok ? <IconCheck size={12} /> : <IconX size={12} />}
            style={{ flexShrink: 0 }}
          >
            {r.name} {r.ok ? 'pass' : 'fail'}
          </Badge>
          <Text size="xs" c={r.ok ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {r.ok ? `${r.host}: ${r.record}` : r.problem}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The sending domain's SPF, DKIM and DMARC records (issue 37 §4): the latest check (daily, or on demand with
 * Check now), pass or fail with what is missing.
 */
export function DnsCheckCard() {
  const latest = useDnsCheck();
  const run = useRunDnsCheck();
  const check = latest.data?.status === 200 ? latest.data.body.check : undefined;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Sending domain DNS{check ? `: ${check.domain}` : ''}
          </Text>
          <Can call={runDnsCheckRoute}>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              loading={run.isPending}
              onClick={() => run.mutate({})}
            >
              Check now
            </Button>
          </Can>
        </Group>
        {check ? (
          <>
            <Records check={check} />
            <Text size="xs" c="dimmed">
              Checked {when.format(new Date(check.checkedAt))}; checked again every day.
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {latest.isPending ? 'Loading…' : 'Not checked yet: the daily check has not run.'}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
