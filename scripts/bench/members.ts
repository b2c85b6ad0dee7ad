import { MemberListQuery, PledgeListQuery } from '@app/contract';
import { spawn } from 'node:child_process';
import type pg from 'pg';
import { sql } from 'kysely';
import { fmt, getJson, measureExport, report, time, type Bench } from './harness.js';
import { seedScaleInstitutions } from '../seed/institutions.js';
import { seedScaleMembers } from '../seed/members.js';
import { exportMemberRows, listMemberRows } from '../../server/src/features/accounts/members.js';
import { dbPools } from '../../server/src/db/database.js';
import { countPerDays, countPerMonth, countSeasonToDate } from '../../server/src/features/dashboard/repo.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500_000);

/**
 * The COPY statement the members export sends, caught on its way to PostgreSQL: the same repository
 * call run in this process, its pool client's query read as it is submitted (pg_stat_activity would
 * cut a long statement at 1 kB).
 */
async function memberExportStatement(bench: Bench): Promise<string> {
  const pool = dbPools.get(bench.db)!;
  let text: string | undefined;
  const spy = (client: pg.PoolClient) => {
    const query = client.query;
    client.query = ((q: unknown, ...rest: unknown[]) => {
      const t = (q as { text?: unknown })?.text;
      if (typeof t === 'string' && t.startsWith('COPY (')) text = t;
      client.query = query;
      return (query as (...a: unknown[]) => unknown).call(client, q, ...rest);
    }) as typeof client.query;
  };
  pool.once('acquire', spy);
  const stream = await exportMemberRows(bench.db, { status: 'member' }, MemberListQuery.parse({}).sort);
  stream.destroy();
  const match = text && /^COPY \((.*)\) TO STDOUT WITH \(FORMAT csv\)$/s.exec(text);
  if (!match) throw new Error('The members export sent no COPY statement');
  return match[1]!;
}

/** `psql \\copy (select) to stdout` into /dev/null: PostgreSQL's own CSV speed, the floor for the export. */
async function psqlCopy(bench: Bench, select: string): Promise<{ rows: number; seconds: number }> {
  const c = bench.sqlClient;
  const args = [
    '-X',
    '-q',
    '-h',
    c.host,
    '-p',
    String(c.port),
    '-U',
    c.user ?? 'postgres',
    '-d',
    c.database ?? 'bench',
  ];
  const t0 = performance.now();
  const out = await new Promise<number>((resolve, reject) => {
    const child = spawn('psql', args, {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, PGPASSWORD: String(c.password ?? '') },
    });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const b of chunk) if (b === 10) lines++;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(lines) : reject(new Error(`psql exited with ${code}`))));
    // \copy is one line: the statement has no line breaks of its own outside literals.
    child.stdin.end(`\\copy (${select.replace(/\n/g, ' ')}) to stdout with (format csv)\n`);
  });
  return { rows: out, seconds: (performance.now() - t0) / 1000 };
}

/** One list case: the HTTP call against the same repo function (the same SQL) called directly. */
async function listCase(bench: Bench, label: string, path: string, direct: () => Promise<unknown>): Promise<boolean> {
  const api = await time(() => getJson(bench, path), 60, 5);
  const base = await time(direct, 60, 5);
  const ok = api.p95 < 50 && api.p95 <= 2 * base.p95;
  report(
    label,
    `API p95 ${fmt(api.p95)} | direct p95 ${fmt(base.p95)} | ${(api.p95 / base.p95).toFixed(2)}x`,
    ok,
    '< 50 ms, <= 2x',
  );
  return ok;
}

function memberCase(bench: Bench, label: string, qs: string, status: 'member' | 'pledge') {
  const path = status === 'member' ? '/api/admin/accounts/legacy' : '/api/admin/accounts/pledges';
  const parsed = (status === 'member' ? MemberListQuery : PledgeListQuery).parse(
    Object.fromEntries(new URLSearchParams(qs)),
  );
  const { page, pageSize, sort, ...filters } = parsed as typeof parsed & { status?: 'member' | 'pledge' };
  return listCase(bench, label, `${path}?${qs}`, () =>
    listMemberRows(bench.db, { ...filters, status }, { page, pageSize, sort: sort as never }),
  );
}

/**
 * Members and pledges lists and the dashboard calls with 500,000 members (and 500,000 pledges),
 * and the members CSV export. Targets: p95 < 50 ms within 2x of the direct call; export > 50,000 rows/s.
 */
export async function benchMembers(bench: Bench): Promise<boolean> {
  await seedScaleInstitutions(bench.db, 2_000);
  await seedScaleMembers(bench.db, MEMBERS);
  // Steady state, as autovacuum leaves a live database: statistics and the visibility map are current.
  await sql`vacuum analyze accounts`.execute(bench.db);
  const code = await bench.db
    .selectFrom('accounts')
    .select(['invitationCode', 'email'])
    .where('memberAt', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const year = new Date().getUTCFullYear() - 2;
  console.log(`\nMembers (${MEMBERS.toLocaleString('en-US')} members + ${MEMBERS.toLocaleString('en-US')} pledges)`);

  const results = [
    await memberCase(bench, 'members page 1 (default sort)', '', 'member'),
    await memberCase(bench, 'members sort name, page 20,000', 'sort=name:asc&page=20000', 'member'),
    await memberCase(bench, 'members last page, sort member date desc', 'sort=memberat:desc&page=50000', 'member'),
    await memberCase(bench, 'members search by name "olivia smith"', 'search=olivia%20smith', 'member'),
    await memberCase(bench, 'members search by email', `search=${encodeURIComponent(code.email)}`, 'member'),
    await memberCase(
      bench,
      'members search by invitation code',
      `search=${encodeURIComponent(code.invitationCode ?? '')}`,
      'member',
    ),
    await memberCase(
      bench,
      `members date range ${year}, page 100`,
      `memberFrom=${year}-01-01&memberTo=${year}-12-31&page=100`,
      'member',
    ),
    await memberCase(bench, 'pledges page 1', '', 'pledge'),
    await memberCase(
      bench,
      `pledges date range ${year} + search "emma"`,
      `pledgeFrom=${year}-01-01&pledgeTo=${year}-12-31&search=emma`,
      'pledge',
    ),
  ];

  // What any signed-in call costs over HTTP (session lookup included): the floor under every API figure.
  const floor = await time(() => getJson(bench, '/api/public/account'), 60, 5);
  console.log(`\nDashboard (for scale: the lightest signed-in call, GET /api/public/account, p95 ${fmt(floor.p95)})`);
  for (const type of ['joins', 'pledges'] as const) {
    const now = () => new Date();
    results.push(
      await listCase(bench, `${type} per-days 7`, `/api/admin/dashboard/${type}/per-days/7`, () =>
        countPerDays(bench.db, type, 7, now()),
      ),
      await listCase(bench, `${type} per-days 30`, `/api/admin/dashboard/${type}/per-days/30`, () =>
        countPerDays(bench.db, type, 30, now()),
      ),
      await listCase(bench, `${type} season-to-date`, `/api/admin/dashboard/${type}/season-to-date`, () =>
        countSeasonToDate(bench.db, type, now()),
      ),
      await listCase(bench, `${type} per-month`, `/api/admin/dashboard/${type}/per-month`, () =>
        countPerMonth(bench.db, type),
      ),
    );
  }

  const exp = await measureExport(bench, '/api/admin/accounts/legacy/export');
  const direct = await psqlCopy(bench, await memberExportStatement(bench));
  const ratio = direct.seconds ? exp.seconds / direct.seconds : Infinity;
  results.push(
    report(
      'members export throughput',
      `${Math.round(exp.rowsPerSecond).toLocaleString('en-US')} rows/s (${exp.rows} rows, ${exp.seconds.toFixed(2)} s)`,
      exp.rowsPerSecond >= 200_000,
      '>= 200,000 rows/s',
    ),
    report(
      '  psql \\copy of the same statement',
      `${Math.round(direct.rows / direct.seconds).toLocaleString('en-US')} rows/s (${direct.rows} rows, ${direct.seconds.toFixed(2)} s)`,
      direct.rows === exp.rows,
      'same rows',
    ),
    report('  ratio export time / psql time', `${ratio.toFixed(2)}x`, ratio <= 1.5, '<= 1.5x'),
    report(
      'members export peak RSS (server process)',
      `${exp.peakRssMb.toFixed(0)} MB (${exp.startRssMb.toFixed(0)} MB before)`,
      exp.peakRssMb - exp.startRssMb < 50,
      '< 50 MB growth (constant memory)',
    ),
  );
  return results.every(Boolean);
}
