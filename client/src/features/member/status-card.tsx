import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconCalendarCheck, IconUsersGroup } from '@tabler/icons-react';
import type { MemberProfile } from '@app/contract';
import { formatDay } from '../../components/format';
import classes from './member.module.css';

const STATE = {
  member: { label: 'Member', color: 'teal' },
  pledge: { label: 'Pledged', color: 'yellow' },
  none: { label: 'Not a member yet', color: 'gray' },
} as const;

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string | null }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <div className={classes.factIcon} aria-hidden>
        {icon}
      </div>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" className={classes.factLabel} tt="uppercase" fw={600} lts={0.4}>
          {label}
        </Text>
        <Text fw={500} lineClamp={2}>
          {value ?? '—'}
        </Text>
      </div>
    </Group>
  );
}

/** The top of the member home: who they are, their state, since when, chapter and institution. */
export function StatusCard({ profile }: { profile: MemberProfile | undefined }) {
  if (!profile) return <Skeleton h={210} radius="lg" />;
  const { status } = profile;
  const state = STATE[status.state];
  const since = status.state === 'member' ? formatDay(status.memberSince) : formatDay(status.pledgedAt);
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      className={classes.hero}
      component="section"
      aria-label="Membership"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" className={classes.heroKicker}>
              Welcome back
            </Text>
            <Title order={1} className={classes.heroName}>
              {profile.firstName} {profile.lastName}
            </Title>
          </div>
          <Badge size="lg" radius="sm" color={state.color} variant="filled" className={classes.heroBadge}>
            {state.label}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Fact
            icon={<IconCalendarCheck size={18} />}
            label={status.state === 'member' ? 'Member since' : 'Pledged on'}
            value={since || null}
          />
          <Fact icon={<IconUsersGroup size={18} />} label="Chapter" value={status.chapter} />
          <Fact icon={<IconBuildingBank size={18} />} label="Institution" value={status.institution} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
