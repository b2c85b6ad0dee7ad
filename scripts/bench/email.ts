import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/src/db/database.js';
import type { AppJobs } from '../../server/src/jobs/registry.js';
import { compileTemplate, personalise } from '../../server/src/services/mail/render.js';
import { deliverQueuedEmails } from '../../server/src/services/mail/deliver.js';
import { queueEmails, type OutgoingEmail } from '../../server/src/services/mail/send.js';
import { bodySignature } from '../../server/src/services/mail/providers/mandrill.js';
import { benchSesWebhook, WEBHOOK_BATCH, type SnsSigner } from './email-ses.js';
import { fmt, jobsSettled, report, type Bench } from './harness.js';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 20_000);
const CONNECTIONS = 10;
const WEBHOOK_BATCHES = 20;
/** Set in scripts/bench.ts before the bench server starts, so the server verifies with the same key. */
export const BENCH_WEBHOOK_SECRET = 'bench-webhook-secret';

export const MJML = `<mjml>
  <mj-head><mj-title>Invitation</mj-title><mj-preview>Your invitation, {{firstName}}</mj-preview></mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-image width="120px" src="https://society.example/logo.png" alt="Honor Society" />
        <mj-text font-size="20px" font-weight="bold">Dear {{firstName}} {{lastName}},</mj-text>
        <mj-text>On behalf of the {{chapterName}} chapter, we are pleased to invite you to membership. Your academic
          record places you among the top students of your class, and we would be honoured to welcome you.</mj-text>
        <mj-text>Your personal invitation code is <strong>{{invitationCode}}</strong>. Please accept by the deadline.</mj-text>
        <mj-button href="https://society.example/accept?code={{invitationCode}}" background-color="#1c4e80">Accept your invitation</mj-button>
        <mj-text>Questions? Read the <a href="https://society.example/faq">frequently asked questions</a> or reply to this email.</mj-text>
        <mj-divider />
        <mj-text font-size="11px" color="#888888">You received this because your school nominated you. <a href="{{unsubscribeUrl}}">Unsubscribe</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

const noJobs = { send: async () => null } as unknown as AppJobs;

/** The SMTP server in its own process (smtp-sink.ts): its url, the count of messages it took, and stop. */
export async function startSink() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./smtp-sink.ts', import.meta.url))],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const { url } = await next<{ url: string }>();
  return {
    url,
    count: async () => {
      const answer = next<{ count: number }>();
      child.send({ count: true });
      return (await answer).count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
}

async function seed(db: Kysely<DB>, run: string) {
  const values = {
    subject: 'Your invitation, {{firstName}}',
    body: MJML,
    bodyFormat: 'mjml' as const,
    preview: 'Membership invitation',
    fromName: 'Honor Society',
    fromEmail: 'invite@society.example',
    replyToEmail: 'help@society.example',
  };
  const template = await db
    .insertInto('emailTemplates')
    .values({ name: `Bench invitation ${run}`, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('emailTemplateVersions')
    .values({ templateId: template.id, version: 1, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ institutionId: number; chapterId: number }>`
    with i as (insert into institutions (name, type, abbreviation, ownership) values (${`Bench Mail College ${run}`}, 'College/University', 'BMC', 'Public') returning id),
    c as (insert into chapters (name, abbreviation, institution_id) select ${`Bench Chapter ${run}`}, 'BCH', i.id from i returning id, institution_id)
    select institution_id, id as chapter_id from c`.execute(db);
  const invitation = await db
    .insertInto('invitations')
    .values({
      chapterId: rows[0]!.chapterId,
      institutionId: rows[0]!.institutionId,
      deadline: '2030-01-31',
      orientationDate: '2030-02-15',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into invitees (invitation_id, first_name, last_name, email, invitation_code)
    select ${invitation.id}, 'First' || n, 'Last' || n, 'student' || n || '@bench-' || ${run} || '.example', 'B' || ${run} || '-' || n
    from generate_series(1, ${EMAILS}) n`.execute(db);
  const invitees = await db
    .selectFrom('invitees')
    .select(['id', 'email', 'firstName', 'lastName', 'invitationCode'])
    .where('invitationId', '=', invitation.id)
    .orderBy('id')
    .execute();
  return { versionId: version.id, invitationId: invitation.id, invitees };
}

/** Sends `messages` with bare nodemailer (a pool of the same size), `CONNECTIONS` at a time. */
async function bareNodemailer(
  url: string,
  messages: Parameters<ReturnType<typeof nodemailer.createTransport>['sendMail']>[0][],
): Promise<number> {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Infinity,
  } as never);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < messages.length) await transporter.sendMail(messages[next++]!);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  transporter.close();
  return seconds;
}

/**
 * 20,000 personalised invitation emails from one MJML template through the whole pipeline (queueEmails,
 * then a delivery pass: claim, personalise, track, List-Unsubscribe, SMTP pool, outcomes written) into a
 * real SMTP server on 127.0.0.1, against bare nodemailer sending the same messages pre-rendered; then the
 * webhook: 1,000-event batches acknowledged (p95) and applied by the server's job workers (events/s).
 */
export async function benchEmail(bench: Bench & { sns?: SnsSigner }): Promise<boolean> {
  const db = bench.db as Kysely<DB>;
  const run = Date.now().toString(36);
  console.log(
    `\nEmail (${EMAILS.toLocaleString('en-US')} personalised invitations from one MJML template, SMTP server on 127.0.0.1, ${CONNECTIONS} connections)`,
  );
  const { versionId, invitationId, invitees } = await seed(db, run);
  const emails: OutgoingEmail[] = invitees.map((i) => ({
    recipientKey: `invitee:${i.id}`,
    to: i.email,
    emailType: 'Invitation',
    values: {
      firstName: i.firstName,
      lastName: i.lastName,
      invitationCode: i.invitationCode!,
      chapterName: 'Bench Chapter',
      emailId: '1',
    },
    inviteeId: i.id,
    invitationId,
  }));

  const smtp = await startSink();
  let ok = true;
  try {
    const tq = performance.now();
    const queued = await queueEmails(db, noJobs, {
      source: 'invitation_email',
      sourceId: `bench-${run}`,
      templateVersionId: versionId,
      emails,
    });
    const queueSeconds = (performance.now() - tq) / 1000;
    const config = {
      PORT: 3000,
      PUBLIC_URL: 'https://admin.society.example',
      SMTP_URL: smtp.url,
      EMAIL_RATE_PER_SECOND: 100_000,
      EMAIL_DAILY_QUOTA: 1_000_000_000,
    };
    const td = performance.now();
    const delivered = await deliverQueuedEmails(db, config, { connections: CONNECTIONS });
    const deliverSeconds = (performance.now() - td) / 1000;
    const received = await smtp.count();
    if (delivered.locked || delivered.sent !== EMAILS || received !== EMAILS) {
      console.log(`      (delivery pass: ${JSON.stringify(delivered)}, server received ${received})`);
    }
    const oursRate = EMAILS / deliverSeconds;
    console.log(
      `      queueEmails: ${queued.queued.toLocaleString('en-US')} sends written in ${queueSeconds.toFixed(2)} s (${Math.round(EMAILS / queueSeconds).toLocaleString('en-US')}/s)`,
    );

    // The same messages, rendered beforehand (not timed), sent by bare nodemailer.
    const { compiled } = await compileTemplate({
      bodyFormat: 'mjml',
      body: MJML,
      subject: 'Your invitation, {{firstName}}',
      preview: 'Membership invitation',
    });
    const messages = emails.map((e) => {
      const m = personalise(compiled, {
        ...e.values,
        unsubscribeUrl: 'https://admin.society.example/unsubscribe/1/1/1?signature=x',
      });
      return {
        from: { name: 'Honor Society', address: 'invite@society.example' },
        to: e.to,
        replyTo: 'help@society.example',
        subject: m.subject,
        html: m.html,
        text: m.text,
      };
    });
    const before = await smtp.count();
    const bareSeconds = await bareNodemailer(smtp.url, messages);
    const bareRate = ((await smtp.count()) - before) / bareSeconds;
    const ratio = bareRate / oursRate;
    ok =
      report(
        'pipeline delivery (queued -> SMTP accepted)',
        `${Math.round(oursRate).toLocaleString('en-US')} msgs/s (${deliverSeconds.toFixed(1)} s)`,
        oursRate > 500,
        '> 500 msgs/s',
      ) && ok;
    report(
      'bare nodemailer, same messages pre-rendered',
      `${Math.round(bareRate).toLocaleString('en-US')} msgs/s (${bareSeconds.toFixed(1)} s)`,
      true,
      'reference',
    );
    ok = report('bare nodemailer / pipeline', `${ratio.toFixed(2)}x`, ratio <= 1.5, '<= 1.5x') && ok;
  } finally {
    await smtp.close();
  }

  // Webhook ingest: batches of 1,000 signed Mandrill-style events about the sends just delivered.
  const sendIds = (
    await db.selectFrom('emailSends').select('id').where('sourceId', '=', `bench-${run}`).orderBy('id').execute()
  ).map((r) => r.id);
  const kinds = ['delivered', 'open', 'click'];
  const acks: number[] = [];
  const t0 = performance.now();
  for (let b = 0; b < WEBHOOK_BATCHES; b++) {
    const events = Array.from({ length: WEBHOOK_BATCH }, (_, i) => {
      const n = b * WEBHOOK_BATCH + i;
      return {
        event: kinds[n % kinds.length],
        _id: `bench-${run}-${n}`,
        ts: Math.floor(Date.now() / 1000),
        ip: '198.51.100.7',
        user_agent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
        url: 'https://society.example/accept',
        msg: {
          _id: `bench-${run}-${n}`,
          email: 'x@bench.example',
          subject: 'Your invitation',
          state: 'sent',
          metadata: { send_id: sendIds[n % sendIds.length] },
          tags: [],
        },
      };
    });
    const body = JSON.stringify(events);
    const ta = performance.now();
    const res = await fetch(`${bench.baseUrl}/api/public/email/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': bodySignature(BENCH_WEBHOOK_SECRET, body) },
      body,
    });
    acks.push(performance.now() - ta);
    if (res.status !== 200) throw new Error(`The webhook answered ${res.status}: ${await res.text()}`);
  }
  const total = WEBHOOK_BATCHES * WEBHOOK_BATCH;
  // Applied once no apply-email-events job waits or runs (opens and clicks fold into a row per send, kind and
  // minute, so rows are not the measure).
  const settled = await jobsSettled(db, 'apply-email-events', 120_000);
  const done = settled ? total : 0;
  const applySeconds = (performance.now() - t0) / 1000;
  acks.sort((a, b) => a - b);
  const p95 = acks[Math.min(acks.length - 1, Math.floor(0.95 * acks.length))]!;
  ok =
    report(`webhook ack, ${WEBHOOK_BATCHES} batches of ${WEBHOOK_BATCH} events (p95)`, fmt(p95), p95 < 2000, '< 2 s') &&
    ok;
  const mandrillRate = (WEBHOOK_BATCHES * WEBHOOK_BATCH) / (acks.reduce((a, b) => a + b, 0) / 1000);
  report(
    'Mandrill path: events acknowledged',
    `${Math.round(mandrillRate).toLocaleString('en-US')} events/s`,
    true,
    'reference',
  );
  report(
    'webhook events applied by the job workers',
    `${Math.round(done / applySeconds).toLocaleString('en-US')} events/s (${done}/${total})`,
    done === total,
    'all applied',
  );
  const ses = bench.sns
    ? await benchSesWebhook(bench as Bench & { sns: SnsSigner }, db, run, sendIds, mandrillRate)
    : true;
  return ok && done === total && ses;
}
