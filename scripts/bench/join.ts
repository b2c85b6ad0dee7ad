import autocannon from 'autocannon';
import { sql } from 'kysely';
import { hashPassword } from '../../server/src/services/auth/passwords.js';
import { joinSignature } from '../../server/src/services/join/join-link.js';
import { latestEnabledVersion } from '../../server/src/services/mail/template-version.js';
import { sessionCompletedEvent, stripeSignature } from '../../server/src/test/fake-stripe.js';
import {
  BENCH_STRIPE_WEBHOOK_SECRET,
  fmt,
  jobsSettled,
  percentiles,
  report,
  time,
  type Bench,
  type Timing,
} from './harness.js';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = 50;
/** Invitees of the run's invitation: each landing call and each pledge is a different one. */
const INVITEES = 20_000;
const EVENTS = 1_000;
const PASSWORD = 'bench pledge passphrase 2026';

type Run = Timing & { rps: number; errors: number };

/**
 * `CONNECTIONS` connections for `SECONDS` seconds; each request's path (and body) from `next`. Every
 * response's time is kept, so the p95 is exact (autocannon's own histogram has no p95).
 */
async function load(bench: Bench, next: () => { path: string; method?: string; body?: string }): Promise<Run> {
  const times: number[] = [];
  const run = autocannon({
    url: bench.baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
  });
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await run;
  return {
    ...percentiles(times),
    rps: result.requests.average,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** `bodies.length` POSTs (or GETs when a body is undefined) sent at once; each one's time to its answer. */
async function allAtOnce(url: string, bodies: Array<string | undefined>): Promise<Timing & { failed: number }> {
  const times: number[] = [];
  let failed = 0;
  await Promise.all(
    bodies.map(async (body) => {
      const t0 = performance.now();
      const res = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers:
          body === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'stripe-signature': stripeSignature(body, BENCH_STRIPE_WEBHOOK_SECRET),
              },
        body,
      });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) failed++;
    }),
  );
  return { ...percentiles(times), failed };
}

/**
 * The run's invitation (deadline ahead) with `INVITEES` invitees, `EVENTS` more who have pledged (an account
 * each) for the webhook's payments, and an enabled WelcomeEmail template when the bench database has none.
 */
async function seed(bench: Bench, run: string) {
  const db = bench.db;
  const { rows } = await sql<{ institutionId: number; chapterId: number }>`
    with i as (insert into institutions (name, type, abbreviation, ownership) values (${`Join Bench College ${run}`}, 'College/University', 'JBC', 'Public') returning id),
    c as (insert into chapters (name, abbreviation, institution_id) select ${`Join Bench Chapter ${run}`}, 'JBCH', i.id from i returning id, institution_id)
    select institution_id, id as chapter_id from c`.execute(db);
  const { institutionId, chapterId } = rows[0]!;
  const invitation = await db
    .insertInto('invitations')
    .values({ chapterId, institutionId, deadline: '2030-01-31', orientationDate: '2030-02-15' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into invitees (invitation_id, first_name, last_name, email, invitation_code)
    select ${invitation.id}, 'First' || n, 'Last' || n, 'join' || n || '@bench-' || ${run} || '.example', 'J' || ${run} || '-' || n
    from generate_series(1, ${INVITEES + EVENTS}) n`.execute(db);
  // The webhook's payers pledged already: their account (as a pledge makes it) linked to the invitee.
  await sql`
    with payer as (
      select id, first_name, last_name, email, invitation_code from invitees
      where invitation_id = ${invitation.id} and split_part(invitation_code, '-', 2)::int > ${INVITEES}),
    account as (
      insert into accounts (first_name, last_name, email, invitation_code, institution_id, chapter_id, pledged_at, active, address)
      select first_name, last_name, email, invitation_code, ${institutionId}, ${chapterId}, now(), true, '{}' from payer
      returning id, invitation_code)
    update invitees iv set account_id = a.id, legacy_pledge_at = now() from account a where iv.invitation_code = a.invitation_code`.execute(
    db,
  );
  // Each payer's Checkout Session, as the product keeps it when it creates one (the webhook applies only those).
  await sql`
    insert into checkout_sessions (id, invitee_id, amount_cents, currency)
    select 'cs_bench_' || ${run} || '_' || (split_part(invitation_code, '-', 2)::int - ${INVITEES + 1}), id, 9500, 'usd'
    from invitees where invitation_id = ${invitation.id} and split_part(invitation_code, '-', 2)::int > ${INVITEES}`.execute(
    db,
  );
  if (!(await latestEnabledVersion(db, 'WelcomeEmail'))) {
    const values = {
      templateType: 'WelcomeEmail' as const,
      subject: 'Welcome, {{firstName}}',
      body: '<p>Welcome to the society, {{firstName}}.</p>',
      bodyFormat: 'html' as const,
      preview: 'Welcome',
      fromName: 'Honor Society',
      fromEmail: 'welcome@society.example',
      replyToEmail: 'help@society.example',
    };
    const template = await db
      .insertInto('emailTemplates')
      .values({ name: 'Join Bench welcome', ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { templateType: _, ...version } = values;
    await db
      .insertInto('emailTemplateVersions')
      .values({ templateId: template.id, version: 1, ...version })
      .execute();
  }
  const codes = (n: number) => `J${run}-${n}`;
  return { codes };
}

/**
 * Issue 23's join funnel under load: the landing page's data call and the pledge at 50 connections (p95 < 50 ms,
 * no errors; each request a different invitee), and the Stripe webhook's acknowledgement of 1,000 distinct
 * checkout.session.completed events sent at once (p95 < 200 ms), then exactly one payment, member and welcome per
 * event (and none more when all 1,000 come again). Each figure beside `/api/health` measured the same way in the
 * same run. The signed-link calls have no rate limit (only the code-and-email lookup is throttled, and it is not
 * called here), so nothing is loosened for the bench.
 */
export async function benchJoin(bench: Bench): Promise<boolean> {
  const run = Date.now().toString(36);
  console.log(
    `\nJoin funnel (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run; Stripe webhook, ${EVENTS} events at once)`,
  );
  const { codes } = await seed(bench, run);
  // Each invitee's join link, as the invitation email carries it (the secret is read once, then cached).
  const signatures: string[] = [];
  for (let n = 1; n <= INVITEES; n++) signatures[n] = await joinSignature(bench.db, codes(n));
  const link = (n: number, action = '') =>
    `/api/public/join/${codes(n)}${action}?signature=${encodeURIComponent(signatures[n]!)}`;

  let nextLanding = 0;
  const landingPath = () => ({ path: link((nextLanding++ % INVITEES) + 1) });
  await load(bench, landingPath); // warm-up: JIT, pool, plans
  const health = await load(bench, () => ({ path: '/api/health' }));
  const landing = await load(bench, landingPath);
  // The page itself, as the server paints it from the same data (features/join/landing-routes.ts).
  const pagePath = () => ({ path: link((nextLanding++ % INVITEES) + 1).replace('/api/public/join/', '/join/') });
  const page = await load(bench, pagePath);
  // The pledge's floor, measured before it (the server still hashes the pledges in flight when a run ends): one
  // argon2id hash of the new password per pledge. Alone, then as many at once as the hashing threads (libuv's 4),
  // for the most hashes a second this machine gives.
  const hash = await time(() => hashPassword(PASSWORD), 10, 1);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 20 }, () => hashPassword(PASSWORD)));
  const hashesPerSecond = 20 / ((performance.now() - t0) / 1000);
  let pledged = 0;
  const pledge = await load(bench, () => {
    if (pledged >= INVITEES) throw new Error(`More than ${INVITEES} pledges: seed more invitees`);
    return { path: link(++pledged, '/pledge'), method: 'POST', body: JSON.stringify({ password: PASSWORD }) };
  });
  // The run ends with pledges still in flight on the server (hashing): let them finish before the webhook.
  const pledges = `select count(*) as n from invitees where invitation_code like 'J${run}-%' and legacy_pledge_at is not null`;
  for (let before = -1, now = 0; now !== before;) {
    before = now;
    await new Promise((r) => setTimeout(r, 1000));
    now = Number((await bench.sqlClient.query<{ n: string }>(pledges)).rows[0]!.n);
  }

  // A run none of whose requests was answered within it (pledges hashing on a loaded machine) has no percentiles.
  const line = (r: Run) =>
    r.n === 0
      ? `no answer within ${SECONDS} s${r.errors ? ` (${r.errors} errors)` : ''}`
      : `${fmt(r.p95)} (p50 ${fmt(r.p50)}, ${Math.round(r.rps)} req/s${r.errors ? `, ${r.errors} errors` : ''})`;
  const ratio = (r: Run) => (r.n === 0 ? '-' : (r.p95 / health.p95).toFixed(2));
  report('GET /api/health, p95', line(health), health.errors === 0, 'baseline');
  let ok = report(
    'landing data GET /api/public/join/{code}, p95',
    line(landing),
    landing.errors === 0 && landing.p95 < 50,
    '< 50 ms, 0 errors',
  );
  report('  ratio landing / health (p95)', ratio(landing), true, 'reference');
  report('landing page GET /join/{code} (HTML), p95', line(page), page.errors === 0, 'reference, 0 errors');
  report('  ratio page / health (p95)', ratio(page), true, 'reference');
  ok =
    report(
      `pledge POST .../pledge, ${pledged} invitees, p95`,
      line(pledge),
      pledge.n > 0 && pledge.errors === 0 && pledge.p95 < 50,
      '< 50 ms, 0 errors',
    ) && ok;
  report('  ratio pledge / health (p95)', ratio(pledge), true, 'reference');
  report(
    '  argon2id hash of a password, alone (p50)',
    `${fmt(hash.p50)}; at most ${hashesPerSecond.toFixed(1)}/s`,
    true,
    `reference: ${CONNECTIONS} pledges at once wait >= ${(CONNECTIONS / hashesPerSecond).toFixed(1)} s`,
  );

  // The webhook: 1,000 distinct paid sessions of the payers, signed the Stripe way, all at once.
  const events = Array.from({ length: EVENTS }, (_, i) =>
    sessionCompletedEvent(`evt_bench_${run}_${i}`, {
      id: `cs_bench_${run}_${i}`,
      invitationCode: codes(INVITEES + 1 + i),
    }),
  );
  const webhookUrl = `${bench.baseUrl}/api/public/payments/stripe/webhook`;
  const healthBurst = await allAtOnce(
    `${bench.baseUrl}/api/health`,
    events.map(() => undefined),
  );
  const sent = performance.now();
  const acks = await allAtOnce(webhookUrl, events);
  // Acknowledged once queued: applied by the server's job workers (apply-stripe-events), each event once.
  const settled = await jobsSettled(bench.db, 'apply-stripe-events', 300_000);
  const applySeconds = (performance.now() - sent) / 1000;
  const paid = await payments(bench, run);
  const again = await allAtOnce(webhookUrl, events);
  await jobsSettled(bench.db, 'apply-stripe-events', 300_000);
  const paidAgain = await payments(bench, run);
  report(`GET /api/health, ${EVENTS} at once, p95`, fmt(healthBurst.p95), healthBurst.failed === 0, 'baseline');
  ok =
    report(
      `Stripe webhook ack, ${EVENTS} events at once, p95`,
      `${fmt(acks.p95)} (p50 ${fmt(acks.p50)}${acks.failed ? `, ${acks.failed} not 200` : ''})`,
      acks.failed === 0 && acks.p95 < 200,
      '< 200 ms',
    ) && ok;
  report('  ratio webhook / health (p95)', (acks.p95 / healthBurst.p95).toFixed(2), true, 'reference');
  const exact = (p: typeof paid) => p.payments === EVENTS && p.members === EVENTS && p.welcomes === EVENTS;
  ok =
    report(
      'each event applied: one payment, member, welcome',
      `${paid.payments} payments, ${paid.members} members, ${paid.welcomes} welcomes (${Math.round(paid.payments / applySeconds)}/s)`,
      settled && exact(paid),
      `${EVENTS} each`,
    ) && ok;
  ok =
    report(
      `  all ${EVENTS} delivered again at once (p95 ${fmt(again.p95)})`,
      `${paidAgain.payments} payments, ${paidAgain.members} members, ${paidAgain.welcomes} welcomes`,
      again.failed === 0 && exact(paidAgain),
      'unchanged',
    ) && ok;
  return ok;
}

/** The run's Stripe payments, the members they made and the welcome emails queued for them. */
async function payments(bench: Bench, run: string) {
  const { rows } = await bench.sqlClient.query<{ payments: string; members: string; welcomes: string }>(
    `select count(*) as payments,
       count(*) filter (where a.member_at is not null) as members,
       (select count(*) from email_sends s where s.source = 'welcome_email' and s.source_id in (select account_id::text from payments where stripe_session_id like $1)) as welcomes
     from payments p join accounts a on a.id = p.account_id where p.stripe_session_id like $1`,
    [`cs\\_bench\\_${run}\\_%`],
  );
  const r = rows[0]!;
  return { payments: Number(r.payments), members: Number(r.members), welcomes: Number(r.welcomes) };
}
