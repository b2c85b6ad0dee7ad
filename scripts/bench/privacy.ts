import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../../server/src/config.js';
import type { DB } from '../../server/src/db/database.js';
import { createStorage } from '../../server/src/plugins/storage.js';
import { runRetention } from '../../server/src/services/privacy/retention.js';
import { seedScaleInvitations } from '../seed/invitations.js';
import { fmt, getJson, percentiles, report, sendJson, type Bench } from './harness.js';
import { timedReminder } from './privacy-reminder.js';

/*
 * `npm run bench -- --only privacy` (issue 36): on 2,000,000 invitees, finding one person (p95 < 100 ms), erasing
 * one person seeded in every area (< 5 s, request to Done) and the nightly retention over 500,000 invitees past
 * their period (< 5 minutes) while a reminder sends beside it: the reminder's rate is printed without and with
 * retention running. BENCH_PRIVACY_INVITEES, BENCH_PRIVACY_RETAINED and BENCH_PRIVACY_REMINDER make it smaller.
 */
const INVITEES = Number(process.env.BENCH_PRIVACY_INVITEES ?? 2_000_000);
const RETAINED = Number(process.env.BENCH_PRIVACY_RETAINED ?? 500_000);
const PER_INVITATION = 50_000;
const ERASED = 5;

/** Up to INVITEES scale invitees (kept between runs), then RETAINED fresh ones in invitations long past their period. */
async function seedRetained(db: Kysely<DB>, run: string): Promise<number[]> {
  const { n } = await db
    .selectFrom('invitees')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (n < INVITEES - RETAINED) await seedScaleInvitations(db, INVITEES - RETAINED - n);
  const ids: number[] = [];
  for (let left = RETAINED; left > 0; left -= PER_INVITATION) {
    const size = Math.min(PER_INVITATION, left);
    const { rows } = await sql<{ id: number }>`
      insert into invitations (chapter_id, institution_id, deadline, orientation_date, status, count_pre_clean, count_processed)
      select id, institution_id, current_date - 800, current_date - 790, 'Completed', ${size}, ${size}
      from chapters order by id limit 1 returning id`.execute(db);
    const id = rows[0]!.id;
    ids.push(id);
    await sql`
      insert into invitees (invitation_id, row_number, first_name, last_name, email, major, class, phone_number,
        invitation_code, legacy_pledge_at, invite_count, email_sent, email_delivered, email_opened)
      select ${id}, g, 'Kept' || g, 'Old' || g, 'old' || ${id} || '.' || g || '@retained-' || ${run} || '.example',
        'History', '2024', '555' || lpad(g::text, 7, '0'), 'RT' || ${id} || 'X' || g,
        case when g % 12 = 0 then now() - interval '900 days' end, 1, true, g % 9 <> 0, g % 3 = 0
      from generate_series(1, ${size}) g`.execute(db);
    await sql`
      insert into email_sends (source, source_id, recipient_key, email_to, email_type, invitee_id, invitation_id,
        token_values, subject, status, queued_at, sent, delivered, opened)
      select 'invitation_email', ${`retained-${id}`}, i.id::text, i.email, 'Invitation', i.id, i.invitation_id,
        jsonb_build_object('firstName', i.first_name), 'Your invitation', 'sent', now() - interval '800 days',
        true, i.email_delivered, i.email_opened
      from invitees i where i.invitation_id = ${id}`.execute(db);
    await sql`
      insert into email_events (send_id, name, event_at, ip_address, user_agent)
      select s.id, 'opened', s.queued_at, '192.0.2.1', 'Mozilla/5.0'
      from email_sends s where s.invitation_id = ${id} and s.opened`.execute(db);
  }
  await sql`analyze invitees`.execute(db);
  await sql`analyze email_sends`.execute(db);
  return ids;
}

/** What retention must not change: the retained invitations' figures. */
async function figures(db: Kysely<DB>, ids: number[]): Promise<string> {
  const { rows } = await sql`
    select count(*) filter (where legacy_pledge_at is not null) as pledged, count(*) filter (where email_opened) as opened,
      count(*) filter (where email_delivered) as delivered, count(*) as invitees,
      (select count(*) from email_sends where invitation_id = any(${ids}::int[]) and opened) as sends_opened
    from invitees where invitation_id = any(${ids}::int[])`.execute(db);
  return JSON.stringify(rows[0]);
}

/** Find one person by email (or invitation code), 200 different people among the scale invitees. */
async function benchFind(bench: Bench): Promise<boolean> {
  const { rows } = await sql<{ email: string; code: string | null }>`
    select email, invitation_code as code from invitees tablesample system (1) where email like 'scale%' limit 220`.execute(
    bench.db,
  );
  const queries = rows.map((r, i) =>
    i % 4 === 3 && r.code ? `code=${encodeURIComponent(r.code)}` : `email=${encodeURIComponent(r.email)}`,
  );
  const samples: number[] = [];
  for (const [i, q] of queries.entries()) {
    const t0 = performance.now();
    await getJson(bench, `/api/admin/tech/privacy/people?${q}`);
    if (i >= 20) samples.push(performance.now() - t0);
  }
  const t = percentiles(samples);
  return report(
    'find one person (email or code)',
    `p50 ${fmt(t.p50)} | p95 ${fmt(t.p95)} (n=${t.n})`,
    t.p95 < 100,
    'p95 < 100 ms',
  );
}

/** One person in every area: an account, invitee rows in three invitations, sends with events, a block, an audit row. */
async function seedPerson(db: Kysely<DB>, email: string): Promise<void> {
  const account = await db
    .insertInto('accounts')
    .values({ firstName: 'Erin', lastName: 'Erasable', email, phone: '5550001111', address: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    with rows as (
      insert into invitees (invitation_id, first_name, last_name, email, phone_number, invitation_code, account_id)
      select id, 'Erin', 'Erasable', ${email}, '5550001111', 'ER' || id || ${email}, ${account.id}
      from (select id from invitations order by id desc limit 3) v returning id, invitation_id, email),
    sends as (
      insert into email_sends (source, source_id, recipient_key, email_to, email_type, invitee_id, invitation_id, status, sent, opened)
      select 'invitation_email', 'erase-' || id, id::text, email, 'Invitation', id, invitation_id, 'sent', true, true from rows
      returning id)
    insert into email_events (send_id, name, ip_address) select id, 'opened', '192.0.2.9' from sends`.execute(db);
  await sql`insert into blocked_emails (email, email_type, reason) values (${email}, 'Invitation', 'Asked to stop') on conflict do nothing`.execute(
    db,
  );
  await db
    .insertInto('auditLog')
    .values({ action: 'update', entity: 'accounts', entityId: String(account.id), changes: JSON.stringify({ email }) })
    .execute();
}

/** Erases ERASED people through the API (request, job, Done) and answers the slowest. */
async function benchErase(bench: Bench, run: string): Promise<boolean> {
  const times: number[] = [];
  for (let i = 0; i < ERASED; i++) {
    const email = `erin.${run}.${i}@erase.example`;
    await seedPerson(bench.db as Kysely<DB>, email);
    const t0 = performance.now();
    const { id } = (await sendJson(bench, 'POST', '/api/admin/tech/privacy/erasures', {
      email,
      reason: 'Bench: asked to be forgotten',
      dryRun: false,
    })) as { id: number };
    for (;;) {
      const { status } = (await getJson(bench, `/api/admin/tech/privacy/erasures/${id}`)) as { status: string };
      if (status === 'Done') break;
      if (status === 'Failed' || performance.now() - t0 > 60_000) throw new Error(`Erasure ${id}: ${status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    times.push(performance.now() - t0);
  }
  const worst = Math.max(...times);
  return report(
    'erase one person (request to Done)',
    `max ${(worst / 1000).toFixed(2)} s | median ${(percentiles(times).p50 / 1000).toFixed(2)} s (n=${ERASED})`,
    worst < 5000,
    '< 5 s',
  );
}

/** Retention over RETAINED invitees with a reminder sending beside it; the reminder alone first. */
async function benchRetention(bench: Bench, run: string, ids: number[]): Promise<boolean> {
  const db = bench.db as Kysely<DB>;
  const alone = await timedReminder(db, `${run}a`);
  const before = await figures(db, ids);
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: '.data' });
  const storage = await createStorage(config);
  {
    const t0 = performance.now();
    const retention = runRetention(db, storage, { inviteeDays: 540, sendLogDays: 100_000 });
    const beside = await timedReminder(db, `${run}b`);
    const outcome = await retention;
    const seconds = (performance.now() - t0) / 1000;
    const after = await figures(db, ids);
    report(
      'reminder alone',
      `${Math.round(alone.rate).toLocaleString('en-US')} msgs/s (${alone.sent.toLocaleString('en-US')} in ${alone.seconds.toFixed(1)} s)`,
      true,
      'reference',
    );
    const kept = alone.sent > 0 && beside.sent === alone.sent && beside.rate >= alone.rate * 0.5;
    report(
      'reminder beside retention',
      `${Math.round(beside.rate).toLocaleString('en-US')} msgs/s (${(beside.rate / alone.rate).toFixed(2)}x alone)`,
      kept,
      '>= 0.5x alone, no stall',
    );
    report(
      "retention keeps the invitations' figures",
      after === before ? 'identical' : `${before} -> ${after}`,
      after === before,
      'identical',
    );
    return (
      report(
        `retention over ${RETAINED.toLocaleString('en-US')} invitees`,
        `${seconds.toFixed(1)} s: ${outcome.invitees.toLocaleString('en-US')} invitees, ${outcome.sends.toLocaleString('en-US')} sends`,
        seconds < 300,
        '< 5 minutes',
      ) &&
      kept &&
      after === before
    );
  }
}

export async function benchPrivacy(bench: Bench): Promise<boolean> {
  const run = Date.now().toString(36);
  const ids = await seedRetained(bench.db as Kysely<DB>, run);
  const { n } = await bench.db
    .selectFrom('invitees')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `\nPrivacy (issue 36): ${n.toLocaleString('en-US')} invitees, ${RETAINED.toLocaleString('en-US')} of them past their period`,
  );
  const found = await benchFind(bench);
  const erased = await benchErase(bench, run);
  const retained = await benchRetention(bench, run, ids);
  return found && erased && retained;
}
