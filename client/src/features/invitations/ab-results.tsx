import { Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import type { AbMetric, AbVerdict } from '@app/contract';
import { count, percent } from './format';

const LABEL: Record<AbMetric['metric'], string> = { pledgeRate: 'Pledge rate', paidRate: 'Paid rate (RR)' };
const COLOR: Record<AbVerdict, string> = {
  'Variation leads': 'grape',
  'Control leads': 'blue',
  'no difference yet': 'gray',
  'too few invitees to tell': 'yellow',
};

/** '+3.0 pts' / '−1.2 pts': a difference of two rates in percentage points. */
/** One arm's rate, with the counts it comes from. */
function RateCell({ arm }: { arm: { rate: number | null; count: number; valid: number } }) {
  return (
    <Table.Td>
      {percent(arm.rate)}{' '}
      <Text span size="xs" c="dimmed">
        ({count(arm.count)} of {count(arm.valid)})
      </Text>
    </Table.Td>
  );
}

const points = (d: number | null) => (d === null ? 'n/a' : `${d >= 0 ? '+' : '−'}${Math.abs(d * 100).toFixed(1)} pts`);

/**
 * Variation against Control (spec 02 A/B test): each rate per segment, the difference with its 95 %
 * confidence interval and the server's plain verdict.
 */
export function AbResults({ results, testName }: { results: AbMetric[]; testName: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb={4}>
        A/B results: {testName}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Variation minus Control, with a 95% confidence interval. A lead is called only when the interval does not
        include zero.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rate</Table.Th>
              <Table.Th>Control</Table.Th>
              <Table.Th>Variation</Table.Th>
              <Table.Th>Difference</Table.Th>
              <Table.Th>95% interval</Table.Th>
              <Table.Th>Verdict</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((r) => (
              <Table.Tr key={r.metric}>
                <Table.Td>{LABEL[r.metric]}</Table.Td>
                <RateCell arm={r.control} />
                <RateCell arm={r.variation} />
                <Table.Td>{points(r.difference)}</Table.Td>
                <Table.Td>
                  {r.ciLow === null || r.ciHigh === null ? 'n/a' : `${points(r.ciLow)} to ${points(r.ciHigh)}`}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge size="sm" variant="light" color={COLOR[r.verdict]} tt="none">
                      {r.verdict}
                    </Badge>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
