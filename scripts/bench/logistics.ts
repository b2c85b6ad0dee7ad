import { sql } from 'kysely';
import { InstitutionStatsQuery, addDays, utcDay } from '@app/contract';
import { fmt, getJson, report, time, type Bench } from './harness.js';
import { seedScaleInvitations } from '../seed/invitations.js';
import { refreshCounts } from '../../server/src/services/invitation-processing/counts.js';
import {
  emailsScheduledPerDay,
  inviteeStats,
  statsByInstitution,
} from '../../server/src/features/logistics-dashboard/repo.js';

const INVITEES = Number(process.env.BENCH_INVITEES ?? 2_000_000);
const EVENTS = Number(process.env.BENCH_EMAIL_EVENTS ?? 20_000_000);
/** Small past campaigns beside the large ones: thousands of invitations to sum over. */
const SMALL_INVITATIONS = 2_000;
const SMALL_SIZE = 10;
const INSTITUTIONS = 200;
const EVENTS_PER_SEND = 10;
const MARK = 'Logistics Bench';

const count = async (bench: Bench, query: string) => Number((await bench.sqlClient.query(query)).rows[0].n);
const say = (text: string) => console.log(`  ${text}`);
const thousands = (n: number) => n.toLocaleString('en-US');

/** 200 institutions with a chapter each, and 2,000 past invitations of 10 invitees each, once. */
async function seedSmallInvitations(bench: Bench) {
  if (await count(bench, `select count(*) as n from institutions where name like '${MARK}%'`)) return;
  say(`seeding ${thousands(SMALL_INVITATIONS)} small invitations over ${INSTITUTIONS} institutions...`);
  const db = bench.db;
  await sql`
    with i as (
      insert into institutions (name, type, abbreviation, ownership)
      select ${MARK} || ' Institution ' || g, 'College/University', 'LB' || g, 'Public' from generate_series(1, ${INSTITUTIONS}) g
      returning id, abbreviation)
    insert into chapters (name, abbreviation, institution_id) select 'Chapter ' || i.abbreviation, i.abbreviation, i.id from i`.execute(
    db,
  );
  const { rows } = await sql<{ id: number }>`
    insert into invitations (chapter_id, institution_id, deadline, orientation_date, status, count_pre_clean, count_processed, processed_at)
    select c.id, c.institution_id, current_date - 30 - (g % 700), current_date - 23 - (g % 700), 'Completed', ${SMALL_SIZE}, ${SMALL_SIZE}, now()
    from generate_series(1, ${SMALL_INVITATIONS}) g
    join lateral (select id, institution_id from chapters where name like 'Chapter LB%' order by id offset (g % ${INSTITUTIONS}) limit 1) c on true
    returning id`.execute(db);
  const ids = rows.map((r) => r.id);
  await sql`
    insert into invitees (invitation_id, row_number, first_name, last_name, email, removed, removed_reason, invitation_code,
      legacy_pledge_at, legacy_paid_at, invite_count, test_value, email_sent, email_delivered, email_opened, email_clicked, email_unsub)
    select inv, g, 'Small', 'Bench' || g, 'small' || inv || '.' || g || '@students.example', g = 10, case when g = 10 then 'Invalid email' end,
      case when g <> 10 then 'LBS' || inv || 'X' || g end,
      case when g % 4 = 0 then now() - interval '40 days' end, case when g % 8 = 0 then now() - interval '38 days' end,
      1 + (g % 3), case when g % 2 = 0 then 'Control' else 'Variation' end,
      g <> 10, g < 9, g % 3 = 0, g % 6 = 0, g = 7
    from unnest(${ids}::int[]) inv, generate_series(1, ${SMALL_SIZE}) g`.execute(db);
  for (const id of ids) await refreshCounts(db, id);
}

/** Reminders to count: a reminder a day over the large invitations, of several buckets and segments. */
async function seedReminders(bench: Bench) {
  const db = bench.db;
  const template = await db.selectFrom('emailTemplates').select('id').where('name', '=', MARK).executeTakeFirst();
  const { rows } = template
    ? { rows: [template] }
    : await sql<{ id: number }>`
        insert into email_templates (name, template_type, subject, body, body_format, preview, from_name, from_email, reply_to_email)
        values (${MARK}, 'Invitation', 'Your invitation', '<p>Hello {{firstName}}</p>', 'html', 'Invitation', 'Honor Society', 'invite@society.example', 'help@society.example')
        returning id`.execute(db);
  const templateId = rows[0]!.id;
  // Each large invitation without them yet: a reminder a day from 10 days ago (started) to 30 days ahead,
  // cycling through the buckets and segments.
  await sql`
    insert into invitation_emails (invitation_id, template_id, send_scheduled_at, invite_count, test_value, send_started_at, send_status)
    select inv.id, ${templateId}, date_trunc('hour', now()) + (d || ' days')::interval + ((inv.id % 12) || ' hours')::interval,
      (array['All', '1st time', '2nd time', '3rd time', '4th or more times'])[1 + (inv.id + d + 10) % 5],
      (array['All', 'Control', 'Variation'])[1 + (inv.id + d + 10) % 3],
      case when d < 0 then now() + (d || ' days')::interval end, case when d < 0 then 'Success' end
    from invitations inv, generate_series(-10, 30) d
    where inv.count_valid > 1000
      and not exists (select 1 from invitation_emails e where e.invitation_id = inv.id and e.template_id = ${templateId})`.execute(
    db,
  );
}

/**
 * The send log: 2,000,000 sends (one per large-invitation invitee, spread over 60 days) and 10 events
 * each, 20,000,000 event rows, written by PostgreSQL from generate_series. The logistics calls never
 * read them (they read kept counts); they are here to show that.
 */
async function seedSendLog(bench: Bench) {
  const have = await count(bench, 'select count(*) as n from email_events');
  if (have >= EVENTS) return;
  const sends = Math.ceil((EVENTS - have) / EVENTS_PER_SEND);
  say(
    `seeding ${thousands(sends)} sends and ${thousands(sends * EVENTS_PER_SEND)} email events (a few minutes; kept for later runs)...`,
  );
  const t0 = performance.now();
  const first = await count(bench, 'select coalesce(max(id), 0) as n from email_sends');
  await sql`
    insert into email_sends (source, source_id, recipient_key, email_to, email_type, invitee_id, invitation_id, status, send_at,
      sent, delivered, opened, clicked, subject)
    select 'invitation_email', 'bench-' || (g % 50), ${`b${first}-`} || g, 'send' || g || '@students.example', 'Invitation', null, null, 'sent',
      now() - (g % 1440) * interval '1 hour', true, g % 10 <> 0, g % 3 = 0, g % 9 = 0, 'Your invitation'
    from generate_series(1, ${sends}) g`.execute(bench.db);
  say(`  sends written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const names = [
    'sent',
    'delivered',
    'opened',
    'clicked',
    'deferred',
    'rejected',
    'bounced_soft',
    'bounced_hard',
    'spam',
    'unsub',
  ];
  await sql`
    insert into email_events (send_id, name, event_at)
    select s.id, (${names}::text[])[1 + k], s.send_at + k * interval '1 minute'
    from email_sends s, generate_series(0, ${EVENTS_PER_SEND - 1}) k
    where s.id > ${first}`.execute(bench.db);
  say(`  events written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function seed(bench: Bench) {
  await seedSmallInvitations(bench);
  const invitees = await count(bench, 'select count(*) as n from invitees');
  if (invitees < INVITEES) {
    say(`seeding ${thousands(INVITEES - invitees)} invitees (kept for later runs)...`);
    await seedScaleInvitations(bench.db, INVITEES - invitees);
  }
  await seedReminders(bench);
  await seedSendLog(bench);
  for (const table of [
    'invitees',
    'invitations',
    'invitation_event_counts',
    'invitation_emails',
    'email_sends',
    'email_events',
  ]) {
    await bench.sqlClient.query(`vacuum analyze ${table}`);
  }
}

/** One call through HTTP against the same repository function's statements replayed straight to PostgreSQL. */
async function measure(
  bench: Bench,
  label: string,
  path: string,
  direct: Parameters<Bench['captureSql']>[0],
): Promise<boolean> {
  const api = await time(() => getJson(bench, path), 100, 10);
  const statements = await bench.captureSql(direct);
  const plain = await time(() => bench.replay(statements), 100, 10);
  const ratio = api.p95 / plain.p95;
  return report(
    `  ${label}: API p95`,
    `${fmt(api.p95)} (SQL ${fmt(plain.p95)}, ${ratio.toFixed(2)}x)`,
    api.p95 < 200,
    '< 200 ms',
  );
}

/**
 * Logistics dashboard, stats by institution and emails scheduled per day at 2,000,000 invitees and
 * 20,000,000 email events (plus 2,000 small invitations): p95 of each call through the API against its
 * SQL run directly (target < 200 ms). The first run seeds (several minutes: the event rows dominate).
 */
export async function benchLogistics(bench: Bench): Promise<boolean> {
  console.log('\nLogistics statistics');
  const t0 = performance.now();
  await seed(bench);
  const invitations = await count(bench, 'select count(*) as n from invitations');
  const invitees = await count(bench, 'select count(*) as n from invitees');
  const events = await count(bench, 'select count(*) as n from email_events');
  const reminders = await count(bench, 'select count(*) as n from invitation_emails where send_started_at is null');
  say(
    `${thousands(invitations)} invitations, ${thousands(invitees)} invitees, ${thousands(events)} email events, ${thousands(reminders)} reminders not started (ready in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );

  const today = utcDay(new Date());
  const stats = (qs: string) => InstitutionStatsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
  let ok = await measure(bench, 'invitee-stats', '/api/admin/logistics/dashboard/invitee-stats', (db) =>
    inviteeStats(db),
  );
  for (const [label, qs] of [
    ['stats-by-institution, first page', ''],
    ['stats-by-institution, by CTR', 'sort=ratio_ctr:desc&pageSize=50'],
    ['stats-by-institution, search', 'search=bench%20institution%2012'],
  ] as const) {
    ok =
      (await measure(bench, label, `/api/admin/logistics/stats-by-institution?${qs}`, (db) =>
        statsByInstitution(db, stats(qs)),
      )) && ok;
  }
  ok =
    (await measure(bench, 'email-scheduled, 16 days', '/api/admin/logistics/dashboard/email-scheduled', (db) =>
      emailsScheduledPerDay(db, today, addDays(today, 15)),
    )) && ok;
  const yearTo = addDays(today, 365);
  ok =
    (await measure(
      bench,
      'email-scheduled, 366 days',
      `/api/admin/logistics/dashboard/email-scheduled?dateFrom=${today}&dateTo=${yearTo}`,
      (db) => emailsScheduledPerDay(db, today, yearTo),
    )) && ok;
  const ses = await time(() => getJson(bench, '/api/admin/logistics/dashboard/ses-stats'), 100, 10);
  report('  ses-stats: API p95', fmt(ses.p95), ses.p95 < 200, '< 200 ms');
  return ok;
}
