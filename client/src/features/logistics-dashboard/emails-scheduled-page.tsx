import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  EMAILS_PER_DAY_DANGER,
  EMAILS_PER_DAY_WARNING,
  EMAILS_SCHEDULED_DEFAULT_DAYS,
  addDays,
  utcDay,
  type EmailScheduledDay,
  type ScheduledLevel,
} from '@app/contract';
import {
  DataTable,
  ListError,
  ListFilters,
  RefreshButton,
  type Column,
  type FilterDef,
  type FilterValues,
} from '../../components/list-kit';
import { count } from '../../components/format';
import { useEmailScheduled } from './api';
import type { EmailsScheduledSearch } from './search';

const routeApi = getRouteApi('/admin/logistics/emails-scheduled-per-day');

const filters: FilterDef[] = [
  { key: 'dateFrom', type: 'date', label: 'Date from' },
  { key: 'dateTo', type: 'date', label: 'Date to' },
];

/** The colour of a day's level, which the server decides (spec 02 §9). */
const LEVELS: Record<ScheduledLevel, { color: string; label: string }> = {
  success: { color: 'green', label: 'Success' },
  warning: { color: 'yellow', label: 'Warning' },
  danger: { color: 'red', label: 'Danger' },
};

const weekday = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const columns: Column<EmailScheduledDay>[] = [
  {
    key: 'date',
    header: 'Date',
    render: (d) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {weekday.format(new Date(`${d.date}T00:00:00Z`))}
      </Text>
    ),
  },
  {
    key: 'count',
    header: 'Emails',
    align: 'right',
    // While warming up (issue 37 §2) a day's limit is the warm-up's: said beside its count (over it: danger).
    render: (d) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {count(d.count)}
        {d.warmupLimit != null && (
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {' '}
            of {count(d.warmupLimit)} (warm-up limit)
          </Text>
        )}
      </Text>
    ),
  },
  {
    key: 'level',
    header: 'Indicator',
    render: (d) => (
      <Badge variant="light" color={LEVELS[d.level].color}>
        {LEVELS[d.level].label}
      </Badge>
    ),
  },
];

/** The range the page shows: the URL's days, else today and the 15 days after dateFrom (UTC), as the server does. */
function rangeOf(search: EmailsScheduledSearch) {
  const dateFrom = search.dateFrom ?? utcDay(new Date());
  return { dateFrom, dateTo: search.dateTo ?? addDays(dateFrom, EMAILS_SCHEDULED_DEFAULT_DAYS) };
}

/**
 * /admin/logistics/emails-scheduled-per-day (spec 02 §2): recipients of the reminders not yet sent,
 * per UTC day, each day with the server's level (warning above 100,000, danger above 115,000).
 */
export function EmailsScheduledPage() {
  const search = routeApi.useSearch();
  const navigate = useNavigate();
  const range = rangeOf(search);
  const result = useEmailScheduled(range);
  const days = result.data?.body.days;
  const total = days?.reduce((sum, d) => sum + d.count, 0);
  const apply = (values: FilterValues) =>
    void navigate({
      to: '.',
      search: { dateFrom: values.dateFrom || undefined, dateTo: values.dateTo || undefined },
    });

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Emails Scheduled per Day</Title>
        <Text c="dimmed" size="sm" mt={4}>
          Recipients of the email reminders not yet sent, per UTC day. Above {count(EMAILS_PER_DAY_WARNING)} is a
          warning, above {count(EMAILS_PER_DAY_DANGER)} danger.
        </Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListFilters
            key={`${range.dateFrom}:${range.dateTo}`}
            filters={filters}
            initial={range}
            onApply={apply}
            actions={<RefreshButton result={result} />}
          />
          {result.error != null && <ListError error={result.error} onRetry={() => void result.refetch()} />}
          <DataTable
            columns={columns}
            rows={result.error != null ? undefined : days}
            loading={result.isPending && result.error == null}
            refreshing={result.isFetching && !result.isPending}
            rowKey={(d) => d.date}
          />
          {total !== undefined && result.error == null && (
            <Text size="sm" c="dimmed">
              {count(total)} emails over {count(days!.length)} days
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
