import { sql } from 'kysely';
import { fmt, getJson, report, timeInTurn, type Bench } from './harness.js';
import { seedScaleInstitutions } from '../seed/institutions.js';
import { seedScaleMembers } from '../seed/members.js';
import { seedScaleInvitations } from '../seed/invitations.js';
import { hashPassword } from '../../server/src/services/auth/passwords.js';
import { everyChapterPermissionsOf, freshRoles, permissionsOf } from '../../server/src/services/auth/role-table.js';
import { narrowScope } from '../../server/src/db/chapter-scope.js';

/*
 * `npm run bench -- --only scope` (issue 35 §3): an advisor of one chapter against an admin on the same data,
 * call by call in turn: the members, pledges and invitees lists and the dashboard. Targets: the advisor's p95
 * < 50 ms and at most 1.5x the admin's; the permission check < 0.1 ms per request, with no query (roles in
 * memory, role-table.ts; the scope from the session's row, chapter-scope.ts). Full size by default (500,000
 * members and as many pledges, 2,000,000 invitees, 1,000 chapters); BENCH_SCOPE_MEMBERS, BENCH_SCOPE_INVITEES
 * and BENCH_SCOPE_CHAPTERS make it smaller.
 */
const MEMBERS = Number(process.env.BENCH_SCOPE_MEMBERS ?? 500_000);
const INVITEES = Number(process.env.BENCH_SCOPE_INVITEES ?? 2_000_000);
const CHAPTERS = Number(process.env.BENCH_SCOPE_CHAPTERS ?? 1_000);
const ADVISOR = { email: 'bench-advisor@example.com', password: 'bench-advisor-password' };

/** One chapter per scale institution (the first CHAPTERS), and each scale account in its school's chapter. */
async function seedChapters(bench: Bench): Promise<void> {
  await seedScaleInstitutions(bench.db, CHAPTERS);
  await sql`
    insert into chapters (name, abbreviation, institution_id)
    select i.name || ' Chapter', left(i.abbreviation, 12), i.id from institutions i
    where i.legacy_id is not null and not exists (select 1 from chapters c where c.institution_id = i.id)
    order by i.id limit ${CHAPTERS}`.execute(bench.db);
  await seedScaleMembers(bench.db, MEMBERS);
  await sql`
    update accounts a set chapter_id = c.id from chapters c
    where a.chapter_id is null and a.institution_id = c.institution_id and a.email like '%@scale.example.edu'`.execute(
    bench.db,
  );
  const { n } = await bench.db
    .selectFrom('invitees')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (n < INVITEES) await seedScaleInvitations(bench.db, INVITEES - n);
  await sql`vacuum analyze accounts`.execute(bench.db);
  await sql`vacuum analyze invitees`.execute(bench.db);
}

/** The chapter the advisor looks after: the one with the most members among those with an invitation. */
async function advisorChapter(bench: Bench): Promise<{ id: number; members: number; invitees: number }> {
  const { rows } = await sql<{ id: number; members: number; invitees: number }>`
    select c.id, (select count(*) from accounts a where a.chapter_id = c.id)::int as members,
      (select count(*) from invitees iv join invitations inv on inv.id = iv.invitation_id where inv.chapter_id = c.id)::int as invitees
    from chapters c where exists (select 1 from invitations inv where inv.chapter_id = c.id)
    order by members desc, c.id limit 1`.execute(bench.db);
  return rows[0]!;
}

/** A signed-in advisor of `chapterId` (ROLE_ADVISOR), as a Bench whose calls carry its cookie. */
async function signInAdvisor(bench: Bench, chapterId: number): Promise<Bench> {
  const passwordHash = await hashPassword(ADVISOR.password);
  const access = {
    admin: true,
    active: true,
    roles: ['ROLE_USER', 'ROLE_ADVISOR'],
    chapterIds: [chapterId],
    passwordHash,
  };
  const found = await bench.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', ADVISOR.email)
    .executeTakeFirst();
  if (found) await bench.db.updateTable('accounts').set(access).where('id', '=', found.id).execute();
  else
    await bench.db
      .insertInto('accounts')
      .values({ firstName: 'Bench', lastName: 'Advisor', email: ADVISOR.email, address: '{}', ...access })
      .execute();
  return signIn(bench, ADVISOR);
}

/** `bench` with a fresh session of these credentials (the seed may outlast the admin's idle timeout). */
async function signIn(bench: Bench, credentials: { email: string; password: string }): Promise<Bench> {
  const login = await fetch(`${bench.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (login.status !== 200)
    throw new Error(`${credentials.email} sign-in failed: ${login.status} ${await login.text()}`);
  return { ...bench, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]! };
}

/** The permission check's work per request (role-table.ts, chapter-scope.ts): no query, all in memory. */
async function permissionCheckCost(bench: Bench): Promise<boolean> {
  await freshRoles(bench.db, Date.now());
  const roles = ['ROLE_USER', 'ROLE_ADVISOR'];
  const n = 200_000;
  const t0 = performance.now();
  let held = 0;
  for (let i = 0; i < n; i++) {
    if (permissionsOf(roles).has('accounts:read')) held++;
    const reachesAll = everyChapterPermissionsOf(roles).has('accounts:read');
    if (narrowScope(reachesAll ? null : [1], [])) held++;
  }
  const perCall = (performance.now() - t0) / n;
  if (held !== 2 * n) throw new Error('The advisor should hold accounts:read over its chapters');
  return report(
    'permission check per request',
    `${(perCall * 1000).toFixed(2)} µs, no query`,
    perCall < 0.1,
    '< 0.1 ms',
  );
}

export async function benchScope(bench: Bench): Promise<boolean> {
  await seedChapters(bench);
  const admin = await signIn(bench, { email: 'bench@example.com', password: 'bench-password' });
  const chapter = await advisorChapter(bench);
  const advisor = await signInAdvisor(bench, chapter.id);
  console.log(
    `\nChapter scope: ${MEMBERS.toLocaleString('en-US')} members + pledges, ${INVITEES.toLocaleString('en-US')} invitees, ` +
      `${CHAPTERS.toLocaleString('en-US')} chapters; the advisor's chapter ${chapter.id} has ` +
      `${chapter.members.toLocaleString('en-US')} accounts and ${chapter.invitees.toLocaleString('en-US')} invitees`,
  );
  const cases: Array<[string, string]> = [
    ['members page 1', '/api/admin/accounts/legacy'],
    ['members search "olivia"', '/api/admin/accounts/legacy?search=olivia'],
    ['pledges page 1', '/api/admin/accounts/pledges'],
    ['invitees page 1', '/api/admin/logistics/invitees'],
    ['dashboard joins per-days 7', '/api/admin/dashboard/joins/per-days/7'],
    ['dashboard joins season to date', '/api/admin/dashboard/joins/season-to-date'],
    ['dashboard pledges per-month', '/api/admin/dashboard/pledges/per-month'],
    ['logistics invitee stats', '/api/admin/logistics/dashboard/invitee-stats'],
  ];
  let ok = true;
  for (const [label, path] of cases) {
    const [own, all] = await timeInTurn(
      () => getJson(advisor, path),
      () => getJson(admin, path),
      200,
      20,
    );
    const ratio = own.p95 / all.p95;
    ok =
      report(
        label,
        `advisor p95 ${fmt(own.p95)} | admin p95 ${fmt(all.p95)} | ${ratio.toFixed(2)}x`,
        own.p95 < 50 && ratio <= 1.5,
        '< 50 ms, <= 1.5x admin',
      ) && ok;
  }
  return (await permissionCheckCost(bench)) && ok;
}
