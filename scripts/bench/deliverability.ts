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
const CONNECTIONS = 10;
/** Messages of the run at the default rate (EMAIL_RATE_PER_SECOND=50): 20 s. */
const AT_DEFAULT = Number(process.env.BENCH_DELIVERABILITY_DEFAULT_RATE_EMAILS ?? 1000);
const noJobs = { send: async () => null } as unknown as AppJobs;

type SinkOptions = { watched: string; deferring: boolean; others: number };
type SinkStats = { tried: number; othersDoneAt: number };

/**
 * The SMTP server in a process of its own (this file run with DELIVERABILITY_SINK set), so the sender's
 * measured rate is not shared with the receiver's parsing: every RCPT to `watched` is answered
 * `451 4.7.1 ... try again later` when `deferring` (a relay passing the recipient server's answer through),
 * and it notes when the other domains' `others` messages were all accepted (Date.now()).
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
  const stats: SinkStats = { tried: 0, othersDoneAt: 0 };
  let accepted = 0;
  const smtp = await startTestSmtp({
    keep: false,
    refuse: (rcpt) => {
      if (!rcpt.endsWith(`@${opts.watched}`)) return null;
      stats.tried++;
      return opts.deferring ? { code: 451, message: '4.7.1 Greylisted, try again later' } : null;
    },
    reply: (rcpt) => {
      if (!rcpt[0]!.endsWith(`@${opts.watched}`) && ++accepted === opts.others) stats.othersDoneAt = Date.now();
      return null;
    },
  });
  process.send({ url: smtp.url });
  process.on('message', (m: { stats?: boolean; stop?: boolean }) => {
    if (m.stats) process.send!(stats);
    if (m.stop) void smtp.close().then(() => process.exit(0));
  });
}

/**
 * One pass over `n` messages to DOMAINS domains (round robin) into an SMTP server on 127.0.0.1 that answers
 * every RCPT to `deferring` (if any) `451 4.7.1 ... try again later`, as a relay passing the recipient
 * server's answer through would. Answers the seconds until the other domains' messages were all accepted,
 * the whole pass's seconds and how often the deferring domain was tried.
 */
async function pass(db: Kysely<DB>, versionId: number, tag: string, n: number, rate: number, deferring: boolean) {
  const domains = Array.from({ length: DOMAINS }, (_, d) => `d${d}.${tag}.example`);
  let others = 0;
  for (let i = 0; i < n; i++) if (i % DOMAINS !== 37) others++;
  const smtp = await startSink({ watched: domains[37]!, deferring, others });
  try {
    const emails: OutgoingEmail[] = Array.from({ length: n }, (_, i) => {
      const to = `student${i}@${domains[i % DOMAINS]}`;
      return { recipientKey: to, to, emailType: 'Invitation', values: { firstName: `First${i}`, lastName: 'Last' } };
    });
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
      EMAIL_RATE_PER_SECOND: rate,
      EMAIL_DAILY_QUOTA: 1_000_000_000,
    };
    const t0 = Date.now();
    const r = await deliverQueuedEmails(db, config, { connections: CONNECTIONS, maxIdleMs: 0 });
    const total = (Date.now() - t0) / 1000;
    const { tried, othersDoneAt } = await smtp.stats();
    if (r.locked) console.log('      (another delivery pass held the lock)');
    // What the deferring domain still has queued is taken out of the way of the next run.
    await db
      .updateTable('emailSends')
      .set({ status: 'failed' })
      .where('sourceId', '=', `bench-deliverability-${tag}`)
      .where('status', '=', 'queued')
      .execute();
    return { othersSeconds: (othersDoneAt - t0) / 1000, total, tried, sent: r.sent };
  } finally {
    await smtp.close();
  }
}

/**
 * Issue 37's figure: 100,000 messages to 100 domains, once all accepting and once with one domain deferring
 * every RCPT; the time until the other 99 domains' messages are delivered, as a ratio to the baseline of the
 * same run. Then the pipeline's rate at the default EMAIL_RATE_PER_SECOND (50) against that setting.
 */
export async function benchDeliverability(bench: Bench): Promise<boolean> {
  const db = bench.db as Kysely<DB>;
  const run = Date.now().toString(36);
  console.log(
    `\nDeliverability (${EMAILS.toLocaleString('en-US')} messages to ${DOMAINS} domains, SMTP server on 127.0.0.1 answering per domain, ${CONNECTIONS} connections)`,
  );
  const versionId = await makeTemplateVersion(db, { body: MJML, name: `Bench deliverability ${run}` });
  const base = await pass(db, versionId, `${run}a`, EMAILS, 100_000, false);
  const slow = await pass(db, versionId, `${run}b`, EMAILS, 100_000, true);
  const ratio = slow.othersSeconds / base.othersSeconds;
  const perDomain = Math.ceil(EMAILS / DOMAINS);
  let ok = report(
    'baseline: 99 domains delivered, none deferring',
    `${base.othersSeconds.toFixed(1)} s (${Math.round((EMAILS - perDomain) / base.othersSeconds).toLocaleString('en-US')} msgs/s)`,
    true,
    'reference',
  );
  ok =
    report(
      'one domain deferring: the other 99 delivered',
      `${slow.othersSeconds.toFixed(1)} s = ${ratio.toFixed(2)}x baseline`,
      ratio <= 1.1,
      '<= 1.1x (2.25x before)',
    ) && ok;
  report('  the deferring domain tried', `${slow.tried} times (of ${perDomain} messages)`, true, 'reference');
  const pipeline = EMAILS / base.total;
  ok =
    report(
      'pipeline rate, all domains accepting',
      `${Math.round(pipeline).toLocaleString('en-US')} msgs/s (${base.total.toFixed(1)} s)`,
      pipeline > 500,
      "> 500 msgs/s (the email bench's target)",
    ) && ok;
  const atDefault = await pass(db, versionId, `${run}c`, AT_DEFAULT, 50, false);
  const reached = atDefault.sent / atDefault.total;
  ok =
    report(
      'rate reached at EMAIL_RATE_PER_SECOND=50',
      `${reached.toFixed(1)} msgs/s = ${Math.round((reached / 50) * 100)}%`,
      reached >= 45,
      '>= 90% (40% before)',
    ) && ok;
  return ok;
}
