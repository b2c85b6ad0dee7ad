import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { DASHBOARD_WINDOWS, seasonOf, type DashboardType, type DashboardWindow } from '@app/contract';
import { errorMessage } from '../../api/errors';
import { usePermissions } from '../../api/permissions';
import { useChapterNames, usePerDays, usePerMonth, useSeasonToDate } from './api';
import { figuresFromCounts, figuresFromSeasons } from './figures';
import { MonthHeatmap } from './month-heatmap';
import { StatCard } from './stat-card';

function DaysCard({ type, days }: { type: DashboardType; days: DashboardWindow }) {
  const query = usePerDays(type, days);
  const figures = query.data ? figuresFromCounts(query.data.body, days) : undefined;
  return (
    <StatCard
      title={`Last ${days} days`}
      subtitle={figures?.points.at(-1)?.label}
      comparedWith={`the ${days} days before`}
      figures={figures}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}

function SeasonCard({ type }: { type: DashboardType }) {
  const query = useSeasonToDate(type);
  const [current, previous] = query.data?.body ?? [];
  const { season, year } = current ?? seasonOf(new Date());
  return (
    <StatCard
      title="Season to date"
      subtitle={`${season} ${year}`}
      comparedWith={previous ? `${previous.season} ${previous.year} to the same day` : undefined}
      figures={query.data ? figuresFromSeasons(query.data.body) : undefined}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}

function Cards({ type }: { type: DashboardType }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {DASHBOARD_WINDOWS.map((days) => (
        <DaysCard key={days} type={type} days={days} />
      ))}
      <SeasonCard type={type} />
    </SimpleGrid>
  );
}

function MembershipHeatmap() {
  const query = usePerMonth('joins');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Memberships per month">
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5} mb="sm">
        Memberships per month
      </Text>
      {query.data ? (
        <MonthHeatmap rows={query.data.body} noun="members" />
      ) : query.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(query.error)}</Text>
            <Button size="compact-xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap={6} role="status" aria-busy="true" aria-label="Loading memberships per month">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={30} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** A titled region of the dashboard, named by its heading for screen readers. */
function DashboardSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-labelledby={props.id}>
      <Title order={3} id={props.id}>
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}

/** The page's title: an account limited to some chapters (an advisor) sees them named, its counts being theirs. */
function DashboardTitle() {
  const chapterIds = usePermissions().account?.chapterIds ?? [];
  const names = useChapterNames(chapterIds);
  return <Title order={2}>{names.length ? `Dashboard: ${names.join(', ')}` : 'Dashboard'}</Title>;
}

/**
 * /admin (spec 01 §2): Memberships (joins) and Pledges, each with cards for the last 7 days, the last
 * 30 days and the season to date, and a per-month heatmap under Memberships. Days are UTC days. An advisor
 * lands here too, the counts being those of their chapters (issue 35 §3, §6).
 */
export function DashboardPage() {
  return (
    <Stack gap="xl">
      <div>
        <DashboardTitle />
        <Text c="dimmed" size="sm" mt={4}>
          Periods end today and are counted in UTC days.
        </Text>
      </div>
      <DashboardSection id="dashboard-memberships" title="Memberships">
        <Cards type="joins" />
        <MembershipHeatmap />
      </DashboardSection>
      <DashboardSection id="dashboard-pledges" title="Pledges">
        <Cards type="pledges" />
      </DashboardSection>
    </Stack>
  );
}
