import { Badge, Button, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '../components/anchor-link';
import { useMemberEvents } from '../features/member-events/api';
import { EventCard } from '../features/member-events/event-card';
import { useMemberPrograms } from '../features/learn/api';
import { MemberHomePage } from '../features/member/home-page';
import { Section } from '../features/member/section';

// The member home as the route shows it: the member feature's page with the events' and programs' cards.

export const NO_EVENTS = 'No upcoming events';
export const NO_PROGRAMS = 'No programs yet';

const more = (to: '/member/events' | '/member/programs', label: string) => (
  <Button component={Link} to={to} variant="subtle" size="compact-sm" rightSection={<IconChevronRight size={14} />}>
    {label}
  </Button>
);

function NextEvents() {
  const result = useMemberEvents({ pageSize: 10 });
  const events = result.data?.body.items.slice(0, 2);
  return (
    <Section title="Next events" action={more('/member/events', 'All events')}>
      {result.isPending && <Skeleton h={120} radius="md" />}
      {events?.length === 0 && (
        <Text c="dimmed" size="sm">
          {NO_EVENTS}
        </Text>
      )}
      {events?.map((event) => (
        <EventCard key={event.uuid} event={event} />
      ))}
    </Section>
  );
}

function Programs() {
  const result = useMemberPrograms();
  const programs = result.data?.body;
  return (
    <Section title="My programs" action={more('/member/programs', 'All programs')}>
      {result.isPending && <Skeleton h={60} radius="md" />}
      {programs?.length === 0 && (
        <Text c="dimmed" size="sm">
          {NO_PROGRAMS}
        </Text>
      )}
      {programs?.slice(0, 3).map((p) => (
        <Stack key={p.id} gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <AnchorLink to="/member/programs/$slug" params={{ slug: p.slug }} fw={600} size="sm" truncate>
              {p.name}
            </AnchorLink>
            {p.progress.finishedAt ? (
              <Badge color="teal" size="sm">
                Finished
              </Badge>
            ) : (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {Math.round(p.progress.percent)}%
              </Text>
            )}
          </Group>
          <Progress value={p.progress.percent} size="sm" radius="xl" aria-label={`${p.name} progress`} />
        </Stack>
      ))}
    </Section>
  );
}

export function MemberHome() {
  return <MemberHomePage nextEvents={<NextEvents />} programs={<Programs />} />;
}
