import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconCalendarStats } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useInviteeStats, useSesStats } from './api';
import { FigureCard } from './figure-card';
import { RevenueHint } from '../../components/revenue-hint';
import { GuardPauseAlert } from '../../components/guard-pauses';
import { databaseFigures, emailFigures, quotaFigures, responseFigures } from './figures';

/**
 * /admin/logistics (spec 02 §2): Response Rate, Database, Invitee Emails and the sending quota, over
 * every invitation. Rates over a count of 0 show n/a.
 */
export function LogisticsDashboardPage() {
  const invitees = useInviteeStats();
  const ses = useSesStats();
  const stats = invitees.data?.body;
  const retryInvitees = () => void invitees.refetch();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2}>Logistics</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Invitees and their emails over every invitation.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to="/admin/logistics/stats-by-institution"
            variant="default"
            leftSection={<IconBuildingBank size={16} />}
          >
            Stats by Institution
          </Button>
          <Button
            component={Link}
            to="/admin/logistics/emails-scheduled-per-day"
            variant="default"
            leftSection={<IconCalendarStats size={16} />}
          >
            Emails per Day
          </Button>
        </Group>
      </Group>
      <GuardPauseAlert mb={0} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FigureCard
          title="Response Rate"
          size={3}
          figures={stats && responseFigures(stats)}
          error={invitees.error}
          onRetry={retryInvitees}
          note={<RevenueHint />}
        />
        <FigureCard
          title="Database"
          size={3}
          figures={stats && databaseFigures(stats)}
          error={invitees.error}
          onRetry={retryInvitees}
        />
        <FigureCard
          title="Invitee Emails"
          size={9}
          figures={stats && emailFigures(stats)}
          error={invitees.error}
          onRetry={retryInvitees}
        />
        <FigureCard
          title="Email Sending Quota"
          size={3}
          figures={ses.data && quotaFigures(ses.data.body)}
          error={ses.error}
          onRetry={() => void ses.refetch()}
        />
      </SimpleGrid>
    </Stack>
  );
}
