import { sql } from 'kysely';
import { fmt, report, sendJson, timeInBlocks, type Bench, type Timing } from './harness.js';
import { seedScaleInstitutions } from '../seed/institutions.js';
import { seedScaleMembers } from '../seed/members.js';

const INSTITUTIONS = Number(process.env.BENCH_INSTITUTIONS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500_000);
// The sides take turns call by call, so load from elsewhere weighs on both (blocks of five still let a burst
// land on one side): each switch, then one unmeasured call that meets the catalog change, then one measured call.
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 200);
const BLOCK = 1;
const WARMUP = 1;

const address = { street1: '1 Campus Way', city: 'Midland', state: 'MI', postalCode: '48640', country: 'US' };
const institution = {
  name: 'Audit Bench University',
  abbreviation: 'ABU',
  type: 'College/University',
  ownership: 'Private',
  population: '12000',
  address,
};
const account = { firstName: 'Audit', lastName: 'Bench', email: 'audit-bench@example.com', address };

/**
 * The audit trail switched as a whole: its row trigger (migration 0029a) on every audited table,
 * enabled or disabled. Off is the app as it was before the trail: its calls write no audit row.
 */
async function auditedTables(bench: Bench): Promise<(on: boolean) => Promise<void>> {
  const { rows } = await bench.sqlClient.query<{ table: string }>(
    `select tgrelid::regclass::text as table from pg_trigger where tgname = 'audit_row' order by 1`,
  );
  // One round trip: a simple query may carry several statements.
  return async (on) => {
    await bench.sqlClient.query(
      rows.map(({ table }) => `alter table ${table} ${on ? 'enable' : 'disable'} trigger audit_row;`).join('\n'),
    );
  };
}

/** The id of the bench's own record (made through the API on the first run), found by a column its saves leave alone. */
async function ensureRecord(
  bench: Bench,
  table: string,
  column: string,
  value: string,
  create: () => Promise<unknown>,
) {
  const find = () =>
    bench.sqlClient.query<{ id: number }>(`select id from ${table} where ${column} = $1 order by id limit 1`, [value]);
  const found = (await find()).rows[0] ?? (await create(), (await find()).rows[0]);
  return found!.id;
}

/** A save that changes the record each time (a field toggled between two values), so each one is audited. */
function toggling(bench: Bench, path: string, body: Record<string, unknown>, field: string, values: [string, string]) {
  let n = 0;
  return () => sendJson(bench, 'PUT', path, { ...body, [field]: values[n++ % 2] });
}

/**
 * Lists and saves with the audit trail against the same calls without it, in the same run: the trail's
 * row triggers disabled for the baseline (ALTER TABLE ... DISABLE TRIGGER) and enabled again, in
 * alternating blocks so both sides share the machine's load. The staff member's `audit.context` is sent
 * transaction-locally with each save (db/audit-context.ts), on both sides. Target: the median with the trail <= 1.10x
 * without (p95 printed beside it).
 */
export async function benchAudit(bench: Bench): Promise<boolean> {
  await seedScaleInstitutions(bench.db, INSTITUTIONS);
  await seedScaleMembers(bench.db, MEMBERS);
  // Steady state, as autovacuum leaves a live database: statistics and the visibility map are current.
  await sql`vacuum analyze institutions`.execute(bench.db);
  await sql`vacuum analyze accounts`.execute(bench.db);
  const institutionId = await ensureRecord(bench, 'institutions', 'abbreviation', institution.abbreviation, () =>
    sendJson(bench, 'POST', '/api/admin/institutions', institution),
  );
  const chapter = { name: 'Audit Bench Chapter', abbreviation: 'ABC', institutionId, address };
  const chapterId = await ensureRecord(bench, 'chapters', 'abbreviation', chapter.abbreviation, () =>
    sendJson(bench, 'POST', '/api/admin/chapters', chapter),
  );
  const accountId = await ensureRecord(bench, 'accounts', 'email', account.email, () =>
    sendJson(bench, 'POST', '/api/admin/accounts', { ...account, password: 'audit-bench-password' }),
  );
  const setTrail = await auditedTables(bench);
  const auditRows = async () =>
    Number((await bench.sqlClient.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]!.n);
  console.log(
    `\nAudit trail (on against off, taking turns ${ROUNDS} times; audit_log has ${(await auditRows()).toLocaleString('en-US')} rows)`,
  );

  const raiseInstitutionsVersion = () =>
    bench.sqlClient.query(`update table_versions set version = version + 1 where table_name = 'institutions'`);
  const cases: Array<{ label: string; fn: () => Promise<unknown>; before?: () => Promise<unknown>; saves?: true }> = [
    {
      label: 'list institutions, search, page 500, after a write',
      fn: () => sendJson(bench, 'GET', '/api/admin/institutions?search=lakeview&sort=name:asc&page=500&pageSize=10'),
      before: raiseInstitutionsVersion,
    },
    {
      label: 'list accounts, search "olivia smith"',
      fn: () => sendJson(bench, 'GET', '/api/admin/accounts?search=olivia%20smith&sort=name:asc&pageSize=25'),
    },
    {
      label: 'save institution (PUT, name changed)',
      fn: toggling(bench, `/api/admin/institutions/${institutionId}`, institution, 'name', [
        'Audit Bench University',
        'Audit Bench College',
      ]),
      saves: true,
    },
    {
      label: 'save chapter (PUT, name changed)',
      fn: toggling(bench, `/api/admin/chapters/${chapterId}`, chapter, 'name', [
        'Audit Bench Chapter',
        'Audit Bench Society',
      ]),
      saves: true,
    },
    {
      label: 'save account (PUT, last name changed)',
      fn: toggling(bench, `/api/admin/accounts/${accountId}`, account, 'lastName', ['Bench', 'Benchmark']),
      saves: true,
    },
  ];

  let ok = true;
  try {
    for (const { label, fn, before, saves } of cases) {
      await fn(); // from here on, each save changes the value the one before it left
      const rowsBefore = await auditRows();
      const [on, off] = await timeInBlocks(
        [
          { enter: () => setTrail(true), fn, before },
          { enter: () => setTrail(false), fn, before },
        ],
        ROUNDS,
        BLOCK,
        WARMUP,
      );
      ok = compare(label, on, off) && ok;
      // Proof that the sides differ: each save with the trail wrote its row, none without it, no list any.
      const written = (await auditRows()) - rowsBefore;
      const expected = saves ? ROUNDS * (BLOCK + WARMUP) : 0;
      ok = report('  audit rows written', String(written), written === expected, `${expected} (on side only)`) && ok;
    }
  } finally {
    await setTrail(true);
  }
  return ok;
}

function compare(label: string, on: Timing, off: Timing): boolean {
  report(label, `on p95 ${fmt(on.p95)} (p50 ${fmt(on.p50)})`, true, 'with the trail');
  report('  the same calls without the trail', `off p95 ${fmt(off.p95)} (p50 ${fmt(off.p50)})`, true, 'baseline');
  // The verdict is read at the median: a 3 ms save's p95 is set by the shared machine (its own baseline's p95 moves
  // by a third between runs), the median by the work the call does. The p95 ratio is printed beside it.
  return report(
    '  ratio on / off (p50)',
    `${(on.p50 / off.p50).toFixed(2)}x (p95 ${(on.p95 / off.p95).toFixed(2)}x)`,
    on.p50 <= 1.1 * off.p50,
    '<= 1.10x',
  );
}
