import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { DeliverabilityOverview } from '@app/contract';
import { count, formatDay } from '../../components/format';
import { STATES } from './columns';

/** The warm-up today (issue 37 §2): its day and limit, and how much of the limit is used. */
export function WarmupCard({ overview }: { overview: DeliverabilityOverview | undefined }) {
  const w = overview?.warmup;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Warm-up
        </Text>
        {!overview ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : w ? (
          <>
            <Text size="sm">
              Day {count(w.day)} since {formatDay(w.start)}: today&apos;s limit is <b>{count(w.limit)}</b> emails (the
              quota is {count(overview.dailyQuota)}).
            </Text>
            <Progress
              value={w.limit ? Math.min(100, (w.sentToday / w.limit) * 100) : 100}
              aria-label="Used of today's limit"
            />
            <Text size="xs" c="dimmed">
              {count(w.sentToday)} sent today; the rest waits for tomorrow, in order.
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No warm-up: the daily quota of {count(overview.dailyQuota)} applies (EMAIL_WARMUP_START is unset or its
            schedule has reached the quota).
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** How many recipient domains are slowed, paused or given up now. */
export function DomainStatesCard({ overview }: { overview: DeliverabilityOverview | undefined }) {
  const d = overview?.domains;
  const states = d
    ? ([
        ['slowed', d.slowed],
        ['paused', d.paused],
        ['given_up', d.givenUp],
      ] as const)
    : [];
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Recipient domains now
        </Text>
        <Group gap="xs">
          {states.map(([state, n]) => (
            <Badge key={state} variant="light" color={n ? STATES[state].color : 'gray'}>
              {STATES[state].label}: {count(n)}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          A domain that defers slows down on its own (paused while it defers every message) and is given up after
          EMAIL_DOMAIN_GIVE_UP_HOURS; the others keep their pace.
        </Text>
      </Stack>
    </Card>
  );
}
