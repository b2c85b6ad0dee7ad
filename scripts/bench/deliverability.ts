import { type Kysely } from 'kysely';
import type { DB } from '../../server/src/db/database.js';
import type { AppJobs } from '../../server/src/jobs/registry.js';
import { deliverQueuedEmails } from '../../server/src/services/mail/deliver.js';
import { queueEmails, type OutgoingEmail } from '../../server/src/services/mail/send.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestSmtp } from '../../server/src/test/smtp.js';
import { makeTemplateVersion } from '../../server/src/test/mail-fixtures.js';
import { MJML } from './email.js';
import { report, type Bench } from './harness.js';

const EMAILS = Number(process.env.BENCH_DELIVERABILITY_EMAILS ?? 100_000);
const DOMAINS = 100;
/** Pairs of runs (none deferring, one deferring) per part; the median pair's figures are reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_DELIVERABILITY_ROUNDS ?? 1));
const CONNECTIONS = 10;
/**
 * The issue's set-up, through a stand-in relay that passes each recipient server's answer through: a reminder to
 * 2,000 invitees over 10 domains with the default settings (EMAIL_RATE_PER_SECOND=50, the default pool).
 */
const RELAY_EMAILS = Number(process.env.BENCH_DELIVERABILITY_RELAY_EMAILS ?? 2000);
const RELAY_DOMAINS = 10;
/** The relay's answer to RCPT once the recipient's server answered (accepting), and a deferring server's (it tarpits). */
const RELAY_ANSWER_MS = Number(process.env.BENCH_DELIVERABILITY_RELAY_MS ?? 150);
const RELAY_DEFER_MS = Number(process.env.BENCH_DELIVERABILITY_RELAY_DEFER_MS ?? 1500);
const DEFAULT_RATE = 50;
const noJobs = { send: async () => null } as unknown as AppJobs;

type SinkOptions = { watched: string; deferring: boolean; others: number; answerMs: number; deferMs: number };
type SinkStats = { tried: number; othersDoneAt: number; accepted: number };
/** How often a pass prints how far it got, so a long run is visibly alive. */
const PROGRESS_MS = Number(process.env.BENCH_DELIVERABILITY_PROGRESS_MS ?? 10_000);

/**
 * The SMTP server in a process of its own (this file run with DELIVERABILITY_SINK set), so the sender's
 * measured rate is not shared with the receiver's parsing: every RCPT to `watched` is answered
 * `451 4.7.1 ... try again later` when `deferring` (a relay passing the recipient server's answer through),
 * and it notes when the other domains' `others` messages were all accepted (Date.now()). As a relay, it answers
 * each RCPT after `answerMs` (the recipient's server answering through it), a deferral after `deferMs`.
 */
async function startSink(opts: SinkOptions) {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, DELIVERABILITY_SINK: JSON.stringify(opts) },
  });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const { url } = await next<{ url: string }>();
  return {
    url,
    stats: async () => {
      const answer = next<SinkStats>();
      child.send({ stats: true });
      return answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
}

if (process.env.DELIVERABILITY_SINK && process.send) {
  const opts = JSON.parse(process.env.DELIVERABILITY_SINK) as SinkOptions;
  let others = 0;
  const stats: SinkStats = { tried: 0, othersDoneAt: 0, accepted: 0 };
  const smtp = await startTestSmtp({
    keep: false,
    answerMs: (rcpt, stage) =>
      stage === 'data' ? 0 : opts.deferring && rcpt.endsWith(`@${opts.watched}`) ? opts.deferMs : opts.answerMs,
    refuse: (rcpt) => {
      if (!rcpt.endsWith(`@${opts.watched}`)) return null;
      stats.tried++;
      return opts.deferring ? { code: 451, message: '4.7.1 Greylisted, try again later' } : null;
    },
    reply: (rcpt) => {
      stats.accepted++;
      if (!rcpt[0]!.endsWith(`@${opts.watched}`) && ++others === opts.others) stats.othersDoneAt = Date.now();
      return null;
    },
  });
  process.send({ url: smtp.url });
  process.on('message', (m: { stats?: boolean; stop?: boolean }) => {
    if (m.stats) process.send!(stats);
    if (m.stop) void smtp.close().then(() => process.exit(0));
  });
}

type Run = {
  n: number;
  domains: number;
  rate: number;
  deferring: boolean;
  /** Default: the pass's default pool (what `npm start` opens). */
  connections?: number;
  relay?: { answerMs: number; deferMs: number };
};

/**
 * One pass over `n` messages to `domains` domains (round robin) into an SMTP server on 127.0.0.1 that answers
 * every RCPT to one of them (if `deferring`) `451 4.7.1 ... try again later`, as a relay passing the recipient
 * server's answer through would (and, with `relay`, as slowly). Answers the seconds until the other domains'
 * messages were all accepted, the whole pass's seconds and how often the deferring domain was tried.
 */
async function pass(db: Kysely<DB>, versionId: number, tag: string, run: Run) {
  const { n } = run;
  const domains = Array.from({ length: run.domains }, (_, d) => `d${d}.${tag}.example`);
  const watchedIndex = run.domains - 1;
  let others = 0;
  for (let i = 0; i < n; i++) if (i % run.domains !== watchedIndex) others++;
  const smtp = await startSink({
    watched: domains[watchedIndex]!,
    deferring: run.deferring,
    others,
    answerMs: run.relay?.answerMs ?? 0,
    deferMs: run.relay?.deferMs ?? 0,
  });
  try {
    const emails: OutgoingEmail[] = Array.from({ length: n }, (_, i) => {
      const to = `student${i}@${domains[i % run.domains]}`;
      return { recipientKey: to, to, emailType: 'Invitation', values: { firstName: `First${i}`, lastName: 'Last' } };
    });
    const q0 = Date.now();
    for (let i = 0; i < n; i += 20_000)
      await queueEmails(db, noJobs, {
        source: 'invitation_email',
        sourceId: `bench-deliverability-${tag}`,
        templateVersionId: versionId,
        emails: emails.slice(i, i + 20_000),
      });
    const config = {
      PORT: 3000,
      PUBLIC_URL: 'https://admin.society.example',
      SMTP_URL: smtp.url,
      EMAIL_RATE_PER_SECOND: run.rate,
      EMAIL_DAILY_QUOTA: 1_000_000_000,
    };
    console.log(
      `      ${label(run)}: ${n.toLocaleString('en-US')} queued in ${((Date.now() - q0) / 1000).toFixed(1)} s`,
    );
    const t0 = Date.now();
    const progress = setInterval(() => {
      void smtp.stats().then(({ accepted, tried }) => {
        const s = (Date.now() - t0) / 1000;
        console.log(
          `      ${label(run)}: ${accepted.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} accepted after ${s.toFixed(0)} s (${Math.round(accepted / s)} msgs/s)${run.deferring ? `, the deferring domain tried ${tried} times` : ''}`,
        );
      });
    }, PROGRESS_MS);
    const r = await deliverQueuedEmails(db, config, {
      maxIdleMs: 0,
      ...(run.connections ? { connections: run.connections } : {}),
    }).finally(() => clearInterval(progress));
    const total = (Date.now() - t0) / 1000;
    const { tried, othersDoneAt } = await smtp.stats();
    console.log(
      `      ${label(run)}: done in ${total.toFixed(1)} s, ${r.sent.toLocaleString('en-US')} sent, ${r.deferred} deferred`,
    );
    if (r.locked) console.log('      (another delivery pass held the lock)');
    // What the deferring domain still has queued is taken out of the way of the next run.
    await db
      .updateTable('emailSends')
      .set({ status: 'failed' })
      .where('sourceId', '=', `bench-deliverability-${tag}`)
      .where('status', '=', 'queued')
      .execute();
    return { othersSeconds: (othersDoneAt - t0) / 1000, total, tried, sent: r.sent, others };
  } finally {
    await smtp.close();
  }
}

const label = (run: Run) => (run.deferring ? 'one domain deferring' : 'none deferring');

/** The same run with none deferring, then with one domain deferring: the other domains' time as a ratio. */
async function withAndWithout(db: Kysely<DB>, versionId: number, tag: string, run: Omit<Run, 'deferring'>) {
  const rounds = [];
  // On a shared machine one pair swings with the others' load (0.76x to 1.49x at 10,000 messages, load 9-10): the
  // median pair of ROUNDS, the two runs of a pair back to back.
  for (let i = 0; i < ROUNDS; i++) {
    // Every other round the deferring run goes first: the first of a pair measured slower (0.61x-0.86x at 5,000).
    const first = i % 2 === 1;
    const slow0 = first ? await pass(db, versionId, `${tag}${i}b`, { ...run, deferring: true }) : null;
    const base = await pass(db, versionId, `${tag}${i}a`, { ...run, deferring: false });
    const slow = slow0 ?? (await pass(db, versionId, `${tag}${i}b`, { ...run, deferring: true }));
    rounds.push({ base, slow, ratio: slow.othersSeconds / base.othersSeconds });
    if (ROUNDS > 1) console.log(`      round ${i + 1} of ${ROUNDS}: ${rounds[i]!.ratio.toFixed(2)}x`);
  }
  return rounds.sort((a, b) => a.ratio - b.ratio)[(ROUNDS - 1) >> 1]!;
}

/**
 * Issue 37's figures. Into a local SMTP server answering at once: 100,000 messages to 100 domains, once all
 * accepting and once with one domain deferring every RCPT; the time until the other 99 domains' messages are
 * delivered, as a ratio to the baseline of the same run, and the pipeline's rate. Then the issue's own set-up
 * through a stand-in relay that takes time per answer (2,000 messages to 10 domains, the default rate and pool):
 * the same ratio, and the rate reached against EMAIL_RATE_PER_SECOND.
 */
export async function benchDeliverability(bench: Bench): Promise<boolean> {
  const db = bench.db as Kysely<DB>;
  const run = Date.now().toString(36);
  const versionId = await makeTemplateVersion(db, { body: MJML, name: `Bench deliverability ${run}` });
  let ok = true;
  // BENCH_DELIVERABILITY_EMAILS=0: the relay part alone.
  if (EMAILS > 0) ok = await fastPart(db, versionId, run);

  console.log(
    `\nDeliverability through a relay (${RELAY_EMAILS.toLocaleString('en-US')} messages to ${RELAY_DOMAINS} domains, EMAIL_RATE_PER_SECOND=${DEFAULT_RATE} and the default pool; the relay answers each RCPT in ${RELAY_ANSWER_MS} ms, a deferral in ${RELAY_DEFER_MS} ms)`,
  );
  const relay = await withAndWithout(db, versionId, `${run}r`, {
    n: RELAY_EMAILS,
    domains: RELAY_DOMAINS,
    rate: DEFAULT_RATE,
    relay: { answerMs: RELAY_ANSWER_MS, deferMs: RELAY_DEFER_MS },
  });
  ok = ratioReport(relay, RELAY_DOMAINS) && ok;
  const reached = relay.base.sent / relay.base.total;
  ok =
    report(
      `rate reached at EMAIL_RATE_PER_SECOND=${DEFAULT_RATE}`,
      `${reached.toFixed(1)} msgs/s = ${Math.round((reached / DEFAULT_RATE) * 100)}%`,
      reached >= 0.9 * DEFAULT_RATE,
      '>= 90% (40% before)',
    ) && ok;
  return ok;
}

function ratioReport({ base, slow, ratio }: Awaited<ReturnType<typeof withAndWithout>>, domains: number): boolean {
  const others = `${domains - 1} domains`;
  let ok = report(
    `baseline: the ${others} delivered, none deferring`,
    `${base.othersSeconds.toFixed(1)} s (${Math.round(base.others / base.othersSeconds).toLocaleString('en-US')} msgs/s)`,
    true,
    'reference',
  );
  ok =
    report(
      `one domain deferring: the other ${others} delivered`,
      `${slow.othersSeconds.toFixed(1)} s = ${ratio.toFixed(2)}x baseline`,
      ratio <= 1.1,
      '<= 1.1x (2.25x before)',
    ) && ok;
  const perDomain = Math.round(base.others / (domains - 1));
  report('  the deferring domain tried', `${slow.tried} times (of ${perDomain} messages)`, true, 'reference');
  return ok;
}

/** 100,000 messages to 100 domains into a server answering at once: the ratio, and the pipeline's rate. */
async function fastPart(db: Kysely<DB>, versionId: number, run: string): Promise<boolean> {
  console.log(
    `\nDeliverability (${EMAILS.toLocaleString('en-US')} messages to ${DOMAINS} domains, SMTP server on 127.0.0.1 answering per domain, ${CONNECTIONS} connections)`,
  );
  const fast = await withAndWithout(db, versionId, `${run}f`, {
    n: EMAILS,
    domains: DOMAINS,
    rate: 100_000,
    connections: CONNECTIONS,
  });
  const ok = ratioReport(fast, DOMAINS);
  const pipeline = EMAILS / fast.base.total;
  return (
    report(
      'pipeline rate, all domains accepting',
      `${Math.round(pipeline).toLocaleString('en-US')} msgs/s (${fast.base.total.toFixed(1)} s)`,
      pipeline > 500,
      "> 500 msgs/s (the email bench's target)",
    ) && ok
  );
}
