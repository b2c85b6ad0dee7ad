import { Badge, Text } from '@mantine/core';
import type { DomainDayRow, DomainState } from '@app/contract';
import type { Column } from '../../components/list-kit';
import { count, formatDay } from '../../components/format';

export const STATES: Record<DomainState, { color: string; label: string }> = {
  normal: { color: 'green', label: 'Normal' },
  slowed: { color: 'yellow', label: 'Slowed' },
  paused: { color: 'orange', label: 'Paused' },
  given_up: { color: 'red', label: 'Given up' },
};

const figure = (n: number) => (
  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
    {count(n)}
  </Text>
);

const counted = (
  key: 'sent' | 'delivered' | 'deferred' | 'bouncedHard' | 'bouncedSoft' | 'complained' | 'opened',
  header: string,
  visibleFrom?: 'sm' | 'md' | 'xl',
): Column<DomainDayRow> => ({
  key,
  header,
  sortField: key,
  align: 'right',
  visibleFrom,
  render: (r) => figure(r[key]),
});

/** Per domain and day; the rate and state are the domain's now (email_domains), the same on each of its days. */
export const domainDayColumns: Column<DomainDayRow>[] = [
  {
    key: 'domain',
    header: 'Domain',
    sortField: 'domain',
    render: (r) => (
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {r.domain}
      </Text>
    ),
  },
  {
    key: 'day',
    header: 'Day',
    sortField: 'day',
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDay(r.day)}
      </Text>
    ),
  },
  counted('sent', 'Sent'),
  counted('delivered', 'Delivered', 'sm'),
  counted('deferred', 'Deferred'),
  counted('bouncedHard', 'Hard Bounces', 'sm'),
  counted('bouncedSoft', 'Soft Bounces', 'xl'),
  counted('complained', 'Complaints', 'sm'),
  counted('opened', 'Opened', 'xl'),
  {
    key: 'rate',
    header: 'Rate Now',
    visibleFrom: 'xl',
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {r.ratePerMinute === null ? 'Full speed' : `${count(Math.round(r.ratePerMinute))}/min`}
      </Text>
    ),
  },
  {
    key: 'state',
    header: 'State Now',
    primary: true,
    render: (r) => (
      <Badge variant="light" color={STATES[r.state].color}>
        {STATES[r.state].label}
      </Badge>
    ),
  },
];
