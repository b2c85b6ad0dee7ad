import { Avatar, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CurrentAccount } from '@app/contract';
import { TwoFactorCard } from './two-factor-card';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={4} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The signed-in user's own details (spec 01 §2 /admin/profile). */
export function ProfilePage({ account }: { account: CurrentAccount }) {
  const name = account.fullName || `${account.firstName} ${account.lastName}`.trim();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Profile</Title>
      <Card withBorder radius="md" padding="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar src={account.avatarUrl} name={name} color="initials" radius="xl" size={56} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {account.email}
            </Text>
          </div>
        </Group>
        <Divider my="lg" />
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg" m={0}>
          <Field label="First name" value={account.firstName} />
          <Field label="Last name" value={account.lastName} />
          <Field label="Email" value={account.email} />
        </SimpleGrid>
      </Card>
      <TwoFactorCard />
    </Stack>
  );
}
