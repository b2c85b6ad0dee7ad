import { Suspense, lazy } from 'react';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import type { FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { DnsCheckCard } from './dns-check-card';
import { DomainStatesCard, WarmupCard } from './overview-cards';
import { domainDayColumns } from './columns';
import { GuardsCard } from './guards-card';
import { DomainCapsCard } from './domain-caps-card';
import { WarmupScheduleCard } from './warmup-schedule-card';
import { domainDaysArea, useDeliverabilityOverview } from './api';

const VolumeChart = lazy(() => import('./volume-chart'));

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search domain' },
  { key: 'dateFrom', type: 'date', label: 'Date from' },
  { key: 'dateTo', type: 'date', label: 'Date to' },
];

/** The cards and the chart above the list, over the list's own range and search. */
function Overview() {
  const search = useSearch({ strict: false }) as { dateFrom?: string; dateTo?: string; search?: string };
  const overview = useDeliverabilityOverview({
    dateFrom: search.dateFrom,
    dateTo: search.dateTo,
    search: search.search,
  });
  const body = overview.data?.status === 200 ? overview.data.body : undefined;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WarmupCard overview={body} />
        <DomainStatesCard overview={body} />
        <DnsCheckCard />
        <GuardsCard />
        <DomainCapsCard />
        <WarmupScheduleCard />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Per day{body ? ` (${formatRange(body.dateFrom, body.dateTo)})` : ''}
          </Text>
          <Suspense fallback={<div style={{ height: 270 }} />}>
            {body ? <VolumeChart days={body.days} /> : <div style={{ height: 270 }} />}
          </Suspense>
        </Stack>
      </Card>
    </Stack>
  );
}

const formatRange = (from: string, to: string) => `${from} to ${to}, UTC`;

/**
 * /admin/logistics/deliverability (issue 37 §6): per recipient domain and day, what was sent and what became of
 * it, each domain's rate and state now; the warm-up, the sending domain's DNS records, the guards, the caps per
 * domain and the warm-up table (editable for deliverability:write), and a chart.
 */
export function DeliverabilityPage() {
  return (
    <AreaListPage
      title="Deliverability"
      area={domainDaysArea}
      columns={domainDayColumns}
      filters={filters}
      intro={<Overview />}
      rowKey={(r) => `${r.domain}:${r.day}`}
      emptyText="Nothing sent to any domain in these days."
    />
  );
}
