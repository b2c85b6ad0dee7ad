import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { guardRate, ratePercent, type GuardScope, type GuardsOverview } from '@app/contract';

const colorOf = (share: number) => (share >= 1 ? 'red' : share >= 0.5 ? 'yellow' : 'teal');

/** One rate against its threshold: the figure, a bar filled to the threshold, and what it is counted over. */
function Rate({
  label,
  part,
  sent,
  limit,
  minSends,
}: {
  label: string;
  part: number;
  sent: number;
  limit: number;
  minSends: number;
}) {
  const rate = guardRate(part, sent);
  const share = limit > 0 ? rate / limit : 0;
  const judged = sent >= minSends;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {ratePercent(rate)}
        </Text>
      </Group>
      <Progress
        value={Math.min(share, 1) * 100}
        color={judged ? colorOf(share) : 'gray'}
        size="sm"
        aria-label={`${label}: ${ratePercent(rate)} of a ${ratePercent(limit)} limit`}
      />
      <Text size="xs" c="dimmed">
        {part.toLocaleString('en-US')} of {sent.toLocaleString('en-US')} sends · limit {ratePercent(limit)}
        {judged ? '' : ` (judged from ${minSends.toLocaleString('en-US')} sends)`}
      </Text>
    </Stack>
  );
}

/** A scope's bounce and complaint rates over the last 24 hours and 7 days, against the thresholds. */
export function ScopeRates({ scope, thresholds }: { scope: GuardScope; thresholds: GuardsOverview['thresholds'] }) {
  const windows = [
    ['24 h', scope.day],
    ['7 days', scope.week],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {windows.flatMap(([label, w]) => [
        <Rate
          key={`b-${label}`}
          label={`Bounce rate, ${label}`}
          part={w.bounced}
          sent={w.sent}
          limit={thresholds.bounceRate}
          minSends={thresholds.minSends}
        />,
        <Rate
          key={`c-${label}`}
          label={`Complaint rate, ${label}`}
          part={w.complained}
          sent={w.sent}
          limit={thresholds.complaintRate}
          minSends={thresholds.minSends}
        />,
      ])}
    </SimpleGrid>
  );
}
