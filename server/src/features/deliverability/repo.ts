import { sql } from 'kysely';
import type { z } from 'zod';
import {
  addDays,
  DOMAIN_DAY_SORTABLE,
  scheduledRangeProblem,
  utcDay,
  type DeliverabilityDay,
  type DomainDayRow,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import {
  countRows,
  likePattern,
  ownColumns,
  paginateReading,
  streamCsv,
  type CsvColumn,
  type SortField,
  type SortMap,
} from '../../db/list.js';
import { orderBy, type AnySelect } from '../../db/list-sort.js';
import { csvText } from '../../db/copy-csv.js';
import { badRequest } from '../../errors.js';

type DomainDayQuery = z.output<typeof import('@app/contract').DomainDayQuery>;
type Range = { dateFrom?: string | undefined; dateTo?: string | undefined; search?: string | undefined };

/** The page's default range: the 14 UTC days up to today. */
export const DEFAULT_DAYS = 14;

/** The range asked for, defaults filled in (today, 13 days before), or 400 when it is backwards or over a year. */
export function rangeOf(q: Range): { dateFrom: string; dateTo: string } {
  const dateTo = q.dateTo?.slice(0, 10) ?? utcDay(new Date());
  const dateFrom = q.dateFrom?.slice(0, 10) ?? addDays(dateTo, 1 - DEFAULT_DAYS);
  const problem = scheduledRangeProblem(dateFrom, dateTo);
  if (problem) throw badRequest(problem);
  return { dateFrom, dateTo };
}

/** A domain's pacing now, from email_domains (0036d): deferring every message since a time is 'paused' (held). */
const STATE = sql<DomainDayRow['state']>`case
  when e.state = 'given_up' then 'given_up'
  when e.deferring_since is not null then 'paused'
  when e.state = 'slowed' then 'slowed'
  else 'normal' end`;

const COUNTS = ['sent', 'delivered', 'deferred', 'bounced_hard', 'bounced_soft', 'complained', 'opened'] as const;

/** The range's domain-days, searched: bare rows of email_domain_days (alias d), what the list counts and pages. */
function rangeRows(db: Db, q: Range): AnySelect<unknown> {
  const { dateFrom, dateTo } = rangeOf(q);
  const search = q.search ? sql`and d.domain like ${likePattern(q.search.toLowerCase())}` : sql``;
  return db
    .selectFrom(sql`email_domain_days`.as('d'))
    .selectAll()
    .where(sql<boolean>`d.day between ${dateFrom}::date and ${dateTo}::date ${search}`) as AnySelect<unknown>;
}

/**
 * Domain-days (`days`: rows of email_domain_days) with their domain's pacing now (snake_case columns: the
 * camel-case plugin names them as the contract does). The row key (the tie-break of every sort) compares bytewise:
 * a year's 100,000+ rows sort in about 3/4 of the time the database's language collation takes, and
 * 'YYYY-MM-DD domain' orders the same either way.
 */
function withPacing(db: Db, days: AnySelect<unknown>) {
  return db
    .selectFrom(
      sql`(
        select d.domain, d.day::text as day, ${sql.raw(COUNTS.map((c) => `d.${c}::int as ${c}`).join(', '))},
          e.budget, ${STATE} as state, e.rate_per_minute, (d.day::text || ' ' || d.domain) collate "C" as row_key
        from ${days} d left join email_domains e on e.domain = d.domain)`.as('r'),
    )
    .selectAll() as unknown as ReturnType<Db['selectFrom']>;
}

export const domainDaySort: SortMap<SortField<DomainDayQuery>> = {
  day: 'r.day',
  domain: 'r.domain',
  sent: 'r.sent',
  delivered: 'r.delivered',
  deferred: 'r.deferred',
  bouncedHard: 'r.bouncedHard',
  bouncedSoft: 'r.bouncedSoft',
  complained: 'r.complained',
  opened: 'r.opened',
};

/**
 * The same order on the bare rows: each count read in order from its own index (migration 0038f), the day and the
 * domain from theirs, ties by day then domain bytewise: the row key's order ('YYYY-MM-DD' has a fixed width).
 */
const bareSort = ownColumns('d', DOMAIN_DAY_SORTABLE);

/** Ties on the bare rows: the day, then the domain bytewise (the row key's order without building it per row). */
const BARE_TIE = [sql.ref('d.day'), sql`d.domain collate "C"`];

export function listDomainDays(db: Db, query: DomainDayQuery) {
  // A year holds 100,000+ domain-days: the page is found on the bare rows in an index's order (an incremental sort
  // orders each run of equal values by the tie-break), counted first past the start so that a page past the middle
  // is read from the far end, and only its rows are joined to their domain's pacing.
  const rows = rangeRows(db, query);
  return paginateReading(rows, query, bareSort, BARE_TIE, { total: () => countRows(rows) }, async (page) => {
    const found = await orderBy(withPacing(db, page) as never, query.sort, domainDaySort, 'r.rowKey').execute();
    return (found as (DomainDayRow & { rowKey?: string })[]).map(({ rowKey: _key, ...row }): DomainDayRow => row);
  });
}

const CSV: CsvColumn[] = [
  { header: 'Domain', value: csvText('r.domain') },
  { header: 'Day', value: 'r.day' },
  ...COUNTS.map((c) => ({
    header:
      c === 'bounced_hard'
        ? 'Bounced (hard)'
        : c === 'bounced_soft'
          ? 'Bounced (soft)'
          : c[0]!.toUpperCase() + c.slice(1),
    value: `r.${c}`,
  })),
  { header: 'State now', value: 'r.state' },
  { header: 'Rate now (a minute)', value: sql`coalesce(r.rate_per_minute::text, 'uncapped')` },
  { header: 'Budget', value: csvText('r.budget') },
];

export function exportDomainDays(db: Db, query: Omit<DomainDayQuery, 'page' | 'pageSize'>) {
  return streamCsv(db, withPacing(db, rangeRows(db, query)) as never, query.sort, domainDaySort, CSV, 'r.rowKey');
}

/** Every day of the range with its counts over the domains searched (days with none count 0). */
export async function countsPerDay(
  db: Db,
  q: Range,
): Promise<{ dateFrom: string; dateTo: string; days: DeliverabilityDay[] }> {
  const { dateFrom, dateTo } = rangeOf(q);
  const search = q.search ? sql`and d.domain like ${likePattern(q.search.toLowerCase())}` : sql``;
  const { rows } = await sql<DeliverabilityDay>`
    select g.day::date::text as day,
      coalesce(sum(d.sent), 0)::int as sent, coalesce(sum(d.delivered), 0)::int as delivered,
      coalesce(sum(d.deferred), 0)::int as deferred, coalesce(sum(d.bounced_hard + d.bounced_soft), 0)::int as bounced,
      coalesce(sum(d.complained), 0)::int as complained, coalesce(sum(d.opened), 0)::int as opened
    from generate_series(${dateFrom}::date, ${dateTo}::date, interval '1 day') g(day)
    left join email_domain_days d on d.day = g.day::date ${search}
    group by g.day order by g.day`.execute(db);
  return { dateFrom, dateTo, days: rows };
}

/** How many domains are slowed, paused (deferring every message) and given up now. */
export async function domainStates(db: Db): Promise<{ slowed: number; paused: number; givenUp: number }> {
  const { rows } = await sql<{ slowed: number; paused: number; givenUp: number }>`
    select count(*) filter (where s = 'slowed')::int as slowed, count(*) filter (where s = 'paused')::int as paused,
      count(*) filter (where s = 'given_up')::int as given_up
    from (select ${STATE} as s from email_domains e where e.state <> 'normal' or e.deferring_since is not null) x`.execute(
    db,
  );
  return rows[0] ?? { slowed: 0, paused: 0, givenUp: 0 };
}
