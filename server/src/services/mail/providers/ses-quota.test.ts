import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { startFakeHttpServer } from '../../../test/fake-http-server.js';
import { setServiceConfig } from '../../secrets.js';
import { deliverQueuedEmails } from '../deliver.js';
import { mailConfig, type MailConfig } from '../mail-config.js';
import { queueEmails } from '../send.js';
import { makeInvitees, makeTemplateVersion, recordingJobs } from '../../../test/mail-fixtures.js';
import { startTestSmtp } from '../../../test/smtp.js';
import { forgetSesQuota } from './ses.js';

// A local SESv2 endpoint: GetAccount is GET /v2/email/account.
let account = { Max24HourSend: 10, MaxSendRate: 20, SentLast24Hours: 7 };
let sesApi: Awaited<ReturnType<typeof startFakeHttpServer>>;
let t: TestApp;
let config: MailConfig;
let versionId: number;
const savedEnv = { ...process.env };

beforeAll(async () => {
  sesApi = await startFakeHttpServer(
    (call) =>
      call.path === '/v2/email/account'
        ? { body: { SendQuota: account, SendingEnabled: true, ProductionAccessEnabled: true } }
        : { status: 404, body: {} },
    (h) => (typeof h.authorization === 'string' ? h.authorization : undefined),
  );
  // The standard AWS settings, as an installation sets them.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SESV2: sesApi.url,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  t = await createTestApp({
    EMAIL_PROVIDER: 'ses',
    SES_CONFIGURATION_SET: 'society-events',
    PUBLIC_URL: 'https://admin.society.example',
    EMAIL_RATE_PER_SECOND: '1000',
  });
  config = mailConfig(t.config);
  setServiceConfig(t.config);
  versionId = await makeTemplateVersion(t.db);
});
afterAll(async () => {
  process.env = savedEnv;
  setServiceConfig(undefined);
  await t?.close();
  await sesApi?.close();
});
beforeEach(() => forgetSesQuota());

async function queue(n: number, domain: string) {
  const { invitationId, invitees } = await makeInvitees(t.db, n, domain);
  return queueEmails(t.db, recordingJobs(), {
    source: 'invitation_email',
    sourceId: domain,
    templateVersionId: versionId,
    emails: invitees.map((i) => ({
      recipientKey: String(i.id),
      to: i.email,
      emailType: 'Invitation' as const,
      values: { firstName: i.firstName },
      inviteeId: i.id,
      invitationId,
    })),
  });
}

describe('Amazon SES: quota, rate, configuration set and message ids', () => {
  it("answers the account's real quota on the dashboard (GetAccount, signed with the AWS settings)", async () => {
    account = { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 1234 };
    const admin = await t.signIn();
    const res = await t.request({ method: 'GET', url: '/api/admin/logistics/dashboard/ses-stats', cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ max24HourSend: 50000, sentLast24Hours: 1234, warmup: null });
    expect(sesApi.calls.at(-1)!.apiKey).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    // Cached about a minute: a second look asks nobody.
    const calls = sesApi.calls.length;
    account = { Max24HourSend: 1, MaxSendRate: 1, SentLast24Hours: 1 };
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/logistics/dashboard/ses-stats', cookie: admin })).json(),
    ).toEqual({ max24HourSend: 50000, sentLast24Hours: 1234, warmup: null });
    expect(sesApi.calls.length).toBe(calls);
  });

  it('never starts more than the quota left nor faster than the maximum send rate; messages carry the configuration set and their tag, and SES ids are kept', async () => {
    let n = 0;
    const smtp = await startTestSmtp({
      reply: () => ({ accept: `Ok 0100018cses${String(++n).padStart(4, '0')}-000000` }),
    });
    try {
      account = { Max24HourSend: 10, MaxSendRate: 20, SentLast24Hours: 7 };
      const batch = await queue(6, 'quota.example');
      const first = await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      expect(first).toMatchObject({ sent: 3, quotaReached: true });
      expect(smtp.messages).toHaveLength(3);

      forgetSesQuota();
      account = { Max24HourSend: 1000, MaxSendRate: 10, SentLast24Hours: 10 };
      const started = performance.now();
      const second = await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      // 3 messages at 10 a second: the starts are 100 ms apart.
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
      expect(second).toMatchObject({ sent: 3, quotaReached: false });

      const rows = await t.db
        .selectFrom('emailSends')
        .select(['id', 'providerMessageId', 'messageId'])
        .where('id', 'in', batch.sendIds)
        .orderBy('id')
        .execute();
      expect(rows.every((r) => /^0100018cses\d{4}-000000$/.test(r.providerMessageId ?? ''))).toBe(true);
      expect(new Set(rows.map((r) => r.providerMessageId)).size).toBe(6);
      for (const mail of smtp.messages) {
        expect(mail.headers['x-ses-configuration-set']).toBe('society-events');
        expect(mail.headers['x-ses-message-tags']).toMatch(/^send_id=\d+$/);
        expect(mail.headers['x-mc-metadata']).toBeUndefined();
      }
    } finally {
      await smtp.close();
    }
  });
});
