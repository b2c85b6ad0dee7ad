import type { ReactNode } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemberProfile } from './api';
import { CertificateCard } from './certificate-card';
import { BadgesCard } from './badges-card';
import { ReceiptsCard } from './receipts-card';
import { Section } from './section';
import { StatusCard } from './status-card';

const more = (to: '/member/profile', label: string) => (
  <Button component={Link} to={to} variant="subtle" size="compact-sm" rightSection={<IconChevronRight size={14} />}>
    {label}
  </Button>
);

function ProfileSummary() {
  const profile = useMemberProfile().data?.body;
  return (
    <Section title="Profile" action={more('/member/profile', 'Edit')}>
      {!profile ? (
        <Skeleton h={48} radius="md" />
      ) : (
        <Group gap="sm" wrap="nowrap">
          <IconUserCircle size={36} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {profile.certificateName ?? `${profile.firstName} ${profile.lastName}`}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {profile.email}
            </Text>
          </div>
        </Group>
      )}
    </Section>
  );
}

/**
 * /member: the member home, phone first: status, certificate, receipts, profile, and the other areas' cards
 * the route composes in (next events, programs), since a feature does not import another.
 */
export function MemberHomePage({ nextEvents, programs }: { nextEvents: ReactNode; programs: ReactNode }) {
  const profile = useMemberProfile();
  return (
    <Stack gap="md">
      <StatusCard profile={profile.data?.body} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="md">
          <CertificateCard member={profile.data && profile.data.body.status.state === 'member'} />
          <BadgesCard />
          <ReceiptsCard />
          <ProfileSummary />
        </Stack>
        <Stack gap="md">
          {nextEvents}
          {programs}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
