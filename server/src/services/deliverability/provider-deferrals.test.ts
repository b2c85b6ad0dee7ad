import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { setServiceConfig } from '../secrets.js';
import { deliverQueuedEmails } from '../mail/deliver.js';
import { mailConfig, type MailConfig } from '../mail/mail-config.js';
import { queueEmails } from '../mail/send.js';
import { applyProviderEvents } from '../mail/webhook-events.js';
import { postmarkEvent } from '../mail/providers/postmark.js';
import { startTestSmtp } from '../../test/smtp.js';
import { makeTemplateVersion, recordingJobs } from '../../test/mail-fixtures.js';

/*
 * Issue 37 §1: deferrals the provider reports (SES DeliveryDelay, SendGrid and Mandrill deferred, Postmark's
 * transient bounces) slow the recipient's domain as a 4xx to RCPT does, and only that domain.
 */

let t: TestApp;
let versionId: number;
let config: MailConfig;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://admin.society.example', EMAIL_RATE_PER_SECOND: '100000' });
  config = mailConfig(t.config);
  setServiceConfig(t.config);
  versionId = await makeTemplateVersion(t.db);
});
afterAll(async () => {
  setServiceConfig(undefined);
  await t?.close();
});

async function queueTo(domains: string[], perDomain: number, sourceId: string) {
  const emails = Array.from({ length: perDomain }, (_, i) => domains.map((d) => `s${i}@${d}`))
    .flat()
    .map((to) => ({ recipientKey: to, to, emailType: 'Invitation' as const, values: { firstName: 'A' } }));
  const { sendIds } = await queueEmails(t.db, recordingJobs(), {
    source: 'invitation_email',
    sourceId,
    templateVersionId: versionId,
    emails,
  });
  return sendIds;
}
const domainRow = async (domain: string) =>
  (
    await sql<{ state: string; deferred: number; providerDeferrals: number; lastAnswer: string | null }>`
      select state, deferred, provider_deferrals as "providerDeferrals", last_answer as "lastAnswer"
      from email_domains where domain = ${domain}`.execute(t.db)
  ).rows[0];

describe("provider deferral events slow the recipient's domain", () => {
  it("reads Postmark's transient bounce as a deferral", () => {
    const e = postmarkEvent({
      RecordType: 'Bounce',
      Type: 'Transient',
      MessageID: 'pm-1',
      ID: 7,
      BouncedAt: '2026-11-29T10:00:00Z',
      Description: 'Delayed',
    });
    expect(e?.name).toBe('deferred');
    expect(
      postmarkEvent({
        RecordType: 'Bounce',
        Type: 'SoftBounce',
        MessageID: 'pm-2',
        ID: 8,
        BouncedAt: '2026-11-29T10:00:00Z',
      })?.name,
    ).toBe('bounced_soft');
  });

  it('holds only that domain in the next pass: the others are all sent, it is tried once at most', async () => {
    const domains = Array.from({ length: 5 }, (_, i) => `p${i}.provider.example`);
    const deferring = domains[2]!;
    const smtp = await startTestSmtp({ keep: false });
    try {
      // An earlier message to it went out, and the provider reports the recipient's server deferring it.
      const [earlier] = await queueTo([deferring], 1, 'provider-earlier');
      await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      const event = (id: string) => ({
        id,
        name: 'deferred' as const,
        at: new Date().toISOString(),
        sendId: earlier!,
        messageId: null,
        url: null,
        ip: null,
        userAgent: null,
        message: '421 4.7.0 Try again later',
      });
      expect(await applyProviderEvents(t.db, [event('dd-1'), event('dd-1'), event('dd-2')])).toMatchObject({
        applied: 2,
      });
      expect(await domainRow(deferring)).toMatchObject({
        state: 'slowed',
        providerDeferrals: 2,
        lastAnswer: '421 4.7.0 Try again later',
      });

      const before = smtp.count();
      await queueTo(domains, 20, 'provider-next');
      const report = await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      // 80 to the four others; the deferring domain is held from the pass's start (at most one try after its hold).
      expect(report.sent).toBeGreaterThanOrEqual(80);
      expect(report.sent).toBeLessThanOrEqual(81);
      expect(smtp.count() - before).toBe(report.sent);
      const queued = await t.db
        .selectFrom('emailSends')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('emailTo', 'like', `%@${deferring}`)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      expect(Number(queued.n)).toBeGreaterThanOrEqual(19);
      // Taken up once; the day counts come from the events, so the domain's own deferred count is not added to.
      expect(await domainRow(deferring)).toMatchObject({ state: 'slowed', providerDeferrals: 0, deferred: 0 });
      for (const d of domains.filter((x) => x !== deferring))
        expect(await domainRow(d)).toMatchObject({ state: 'normal' });
    } finally {
      await smtp.close();
    }
  });
});
