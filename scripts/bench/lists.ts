import { InstitutionListQuery } from '@app/contract';
import { sql } from 'kysely';
import { fmt, getJson, measureExport, report, time, type Bench } from './harness.js';
import { seedScaleInstitutions } from '../seed/institutions.js';
import { listInstitutions } from '../../server/src/features/institutions/repo.js';

const ROWS = Number(process.env.BENCH_INSTITUTIONS ?? 100_000);

/**
 * Institutions list: search + sort + page 500 over HTTP against the same SQL run directly, and the
 * CSV export of every row (rows/s, peak RSS). Targets: API p95 < 30 ms and within 2x of direct SQL;
 * export > 50,000 rows/s with peak RSS < 300 MB.
 */
export async function benchInstitutions(bench: Bench): Promise<boolean> {
  await seedScaleInstitutions(bench.db, ROWS);
  // Steady state, as autovacuum leaves a live database: statistics and the visibility map are current.
  await sql`vacuum analyze institutions`.execute(bench.db);
  const { total } = await bench.db
    .selectFrom('institutions')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  console.log(`\nInstitutions (${Number(total).toLocaleString('en-US')} rows)`);

  let ok = true;
  // A place name matches about 1 in 15 rows (enough for page 500); 'college' matches 2 in 5, the worst case.
  for (const [label, search, target] of [
    ['search "lakeview"', 'lakeview', true],
    ['search "college" (unselective)', 'college', false],
  ] as const) {
    const qs = `search=${search}&sort=name:asc&page=500&pageSize=10`;
    // Each request the first after a write (the table's version raised), so the page is read, not
    // served from the read cache; the remembered page is timed on its own line.
    const raiseVersion = () =>
      bench.sqlClient.query(`update table_versions set version = version + 1 where table_name = 'institutions'`);
    const api = await time(() => getJson(bench, `/api/admin/institutions?${qs}`), 200, 20, raiseVersion);
    const cached = await time(() => getJson(bench, `/api/admin/institutions?${qs}`));
    // The very statements the list call sends, replayed straight to PostgreSQL.
    const query = InstitutionListQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
    const statements = await bench.captureSql((db) => listInstitutions(db, query));
    const direct = await time(() => bench.replay(statements));
    const within = report(
      `list API p95, ${label}, sort, page 500, after a write`,
      `${fmt(api.p95)} (p50 ${fmt(api.p50)})`,
      api.p95 < 30,
      '< 30 ms',
    );
    report('  same SQL run directly p95', `${fmt(direct.p95)} (p50 ${fmt(direct.p50)})`, true, 'baseline');
    report(
      '  the same page again, unchanged table (read cache) p95',
      `${fmt(cached.p95)} (p50 ${fmt(cached.p50)})`,
      true,
      'for information',
    );
    const ratio = report(
      '  ratio API / direct SQL (p95)',
      `${(api.p95 / direct.p95).toFixed(2)}x`,
      api.p95 <= 2 * direct.p95,
      '<= 2x',
    );
    if (target) ok = within && ratio && ok;
  }

  const exp = await measureExport(bench, '/api/admin/institutions/export?sort=name:asc');
  ok =
    report(
      'export throughput',
      `${Math.round(exp.rowsPerSecond).toLocaleString('en-US')} rows/s (${exp.rows} rows, ${exp.seconds.toFixed(2)} s)`,
      exp.rowsPerSecond > 50_000,
      '> 50,000 rows/s',
    ) && ok;
  ok =
    report(
      'export peak RSS (server process)',
      `${exp.peakRssMb.toFixed(0)} MB (${exp.startRssMb.toFixed(0)} MB before)`,
      exp.peakRssMb < 300,
      '< 300 MB',
    ) && ok;
  return ok;
}
