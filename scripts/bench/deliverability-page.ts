import { DOMAIN_DAY_SORTABLE } from '@app/contract';
import { fmt, getJson, report, time, type Bench } from './harness.js';

/*
 * `npm run bench -- --only deliverability-page` (issue 37 §6): the deliverability page at 20,000,000 events.
 * 1. What keeping the counts costs the event ingestion: the same events inserted in statements of 1,000 with the
 *    email_events trigger of migration 0037e on and off, in turn.
 * 2. The page's calls over kept counts the size of 20,000,000 events (DOMAINS domains x DAYS days, their counts
 *    summing to EVENTS): the list (14 days, a year sorted by deferrals), the chart and cards, a year's export.
 */
const DOMAINS = Number(process.env.BENCH_DELIV_DOMAINS ?? 400);
const DAYS = Number(process.env.BENCH_DELIV_DAYS ?? 366);
const EVENTS = Number(process.env.BENCH_DELIV_EVENTS ?? 20_000_000);
const INGEST = Number(process.env.BENCH_DELIV_INGEST ?? 50_000);
const TARGET_MS = 200;

async function ingest(bench: Bench): Promise<boolean> {
  const q = (text: string, values?: unknown[]) => bench.sqlClient.query(text, values);
  const { rows } = await q(
    `insert into email_sends (source, source_id, recipient_key, email_to, email_type, status, send_at)
     select 'invitation_email', 'bench-deliv-' || $2::text, 'r' || g, 'p' || g || '@d' || (g % ${DOMAINS}) || '.edu', 'Invitation', 'sent', now()
     from generate_series(1, $1::int) g
     on conflict do nothing returning id`,
    [INGEST, Date.now()],
  );
  const ids = rows.map((r: { id: string }) => Number(r.id));
  const names = ['sent', 'delivered', 'opened', 'deferred'];
  const run = async (on: boolean, name: string) => {
    await q(`alter table email_events ${on ? 'enable' : 'disable'} trigger email_events_domain_days`);
    const started = performance.now();
    for (let i = 0; i < ids.length; i += 1000)
      await q(`insert into email_events (send_id, name) select unnest($1::bigint[]), $2`, [
        ids.slice(i, i + 1000),
        name,
      ]);
    return performance.now() - started;
  };
  let on = 0;
  let off = 0;
  for (const name of names) {
    off += await run(false, name);
    await q(`delete from email_events where name = $1 and send_id = any($2::bigint[])`, [name, ids]);
    on += await run(true, name);
  }
  await q(`alter table email_events enable trigger email_events_domain_days`);
  const events = ids.length * names.length;
  console.log(`  ingest ${events} events in statements of 1,000: ${fmt(on)} with the counts, ${fmt(off)} without`);
  const perEvent = ((on - off) / events) * 1000;
  return report(
    'deliverability counts: cost per event',
    `${perEvent.toFixed(1)} µs (${((on / off - 1) * 100).toFixed(0)}%)`,
    on / off < 2,
    'under 2x the insert alone',
  );
}

async function page(bench: Bench): Promise<boolean> {
  const q = (text: string) => bench.sqlClient.query(text);
  await q(`delete from email_domain_days where domain like 'bench-%'`);
  // Counts of EVENTS events over DOMAINS x DAYS rows (a few large domains, many small ones).
  const perRow = EVENTS / (DOMAINS * DAYS);
  await q(
    `insert into email_domain_days (domain, day, sent, delivered, deferred, bounced_hard, bounced_soft, complained, opened)
     select 'bench-' || d || '.edu', current_date - g, s, s * 0.95, s * 0.02, s * 0.01, s * 0.01, s * 0.001, s * 0.3
     from generate_series(1, ${DOMAINS}) d, generate_series(0, ${DAYS - 1}) g,
       lateral (select greatest(1, round(${perRow / 6.05} * (1 + 100.0 / d)))::bigint as s) x
     on conflict do nothing`,
  );
  // Each domain's pacing now, as delivery keeps it (the list joins it to the page's rows): a few share a mail host's
  // budget, a few are slowed or deferring every message.
  await q(`delete from email_domains where domain like 'bench-%'`);
  await q(
    `insert into email_domains (domain, budget, state, rate_per_minute, deferring_since)
     select 'bench-' || d || '.edu', case d % 4 when 0 then 'microsoft' when 1 then 'google' else 'bench-' || d || '.edu' end,
       case when d % 40 = 0 then 'slowed' else 'normal' end, case when d % 40 = 0 then 30 end,
       case when d % 97 = 0 then now() - interval '1 hour' end
     from generate_series(1, ${DOMAINS}) d`,
  );
  await q('analyze email_domain_days');
  await q('analyze email_domains');
  const { rows } = await q(
    `select count(*)::int as n, sum(sent + delivered + deferred + bounced_hard + bounced_soft + complained + opened)::bigint as events from email_domain_days`,
  );
  console.log(`  kept counts: ${rows[0].n} domain-days for ${Number(rows[0].events).toLocaleString('en-US')} events`);
  const P = '/api/admin/logistics/deliverability';
  const from = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const calls: [string, string][] = [
    ['list, 14 days, by sent', `${P}/domain-days?sort=sent:desc`],
    [
      'list, a year, by deferrals, page 50',
      `${P}/domain-days?dateFrom=${from}&sort=deferred:desc&page=50&pageSize=100`,
    ],
    ['list, a year, search', `${P}/domain-days?dateFrom=${from}&search=bench-1`],
    ['chart and cards, 14 days', `${P}/overview`],
    ['chart and cards, a year', `${P}/overview?dateFrom=${from}`],
  ];
  let ok = true;
  for (const [label, path] of calls) {
    const t = await time(() => getJson(bench, path), 30, 3);
    ok =
      report(
        `deliverability: ${label}`,
        `p50 ${fmt(t.p50)}, p95 ${fmt(t.p95)}`,
        t.p95 < TARGET_MS,
        `p95 < ${TARGET_MS} ms`,
      ) && ok;
  }
  ok = (await everySort(bench, `${P}/domain-days?dateFrom=${from}`, Number(rows[0].n))) && ok;
  const started = performance.now();
  const res = await fetch(`${bench.baseUrl}${P}/domain-days/export?dateFrom=${from}`, {
    headers: { cookie: bench.cookie },
  });
  const lines = (await res.text()).split('\n').length - 2;
  const ms = performance.now() - started;
  ok = report('deliverability: export a year', `${lines} rows in ${fmt(ms)}`, ms < 5000, '< 5 s') && ok;
  return ok;
}

/**
 * A year's list in every order (each sortable field, ascending and descending) at page 50 and at the middle page
 * (the deepest a page is read: past the middle it is read from the far end): the slowest order's p95.
 */
async function everySort(bench: Bench, path: string, rows: number): Promise<boolean> {
  const pageSize = 100;
  let worst = { p95: 0, label: '' };
  for (const page of [50, Math.ceil(rows / pageSize / 2)])
    for (const field of DOMAIN_DAY_SORTABLE)
      for (const dir of ['asc', 'desc']) {
        const t = await time(
          () => getJson(bench, `${path}&sort=${field}:${dir}&page=${page}&pageSize=${pageSize}`),
          10,
          1,
        );
        if (t.p95 > worst.p95) worst = { p95: t.p95, label: `${field}:${dir}, page ${page}` };
      }
  return report(
    'deliverability: list, a year, every order',
    `slowest p95 ${fmt(worst.p95)} (${worst.label})`,
    worst.p95 < TARGET_MS,
    `p95 < ${TARGET_MS} ms`,
  );
}

export async function benchDeliverabilityPage(bench: Bench): Promise<boolean> {
  console.log('\nDeliverability page (issue 37 §6)');
  const a = await ingest(bench);
  const b = await page(bench);
  return a && b;
}
