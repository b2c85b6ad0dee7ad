import { generateKeyPairSync, sign } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import type { TestApp } from '../../test/helper.js';
import { makeInvitees } from '../../test/mail-fixtures.js';
import { sesEventFixture } from '../../services/mail/providers/ses-fixtures.js';
import { startSnsSigner } from '../../test/sns.js';
import type { SnsMessage } from '../../services/mail/providers/sns.js';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:society-ses-events';
const POSTMARK_USER = 'postmark-hooks';
const POSTMARK_PASSWORD = 'a-long-postmark-password';
const sendgridKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const SENDGRID_PUBLIC_KEY = sendgridKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

let t: TestApp;
let app: FastifyInstance;
let close: QueuedApp['close'];
let signer: Awaited<ReturnType<typeof startSnsSigner>>;
let sends: { id: number; emailTo: string; inviteeId: number }[];

const req = async (opts: InjectOptions) => {
  const res = await app.inject(opts);
  return Object.assign(res, { json: () => JSON.parse(res.body) });
};

beforeAll(async () => {
  signer = await startSnsSigner(TOPIC);
  ({ t, app, close } = await createQueuedApp({
    SNS_TOPIC_ARNS: TOPIC,
    SNS_TRUSTED_CERT_PREFIXES: signer.prefix,
    SENDGRID_WEBHOOK_PUBLIC_KEY: SENDGRID_PUBLIC_KEY,
    POSTMARK_WEBHOOK_USER: POSTMARK_USER,
    POSTMARK_WEBHOOK_PASSWORD: POSTMARK_PASSWORD,
  }));
  const { invitationId, invitees } = await makeInvitees(t.db, 8, 'providers.example');
  const rows = await t.db
    .insertInto('emailSends')
    .values(
      invitees.map((i, n) => ({
        source: 'invitation_email' as const,
        sourceId: '5',
        recipientKey: String(i.id),
        emailTo: i.email,
        emailType: 'Invitation' as const,
        inviteeId: i.id,
        invitationId,
        tokenValues: '{}',
        status: 'sent' as const,
        sendAt: new Date(Date.now() - 3_600_000),
        providerMessageId: `ses-msg-${n}`,
      })),
    )
    .returning(['id', 'emailTo', 'inviteeId'])
    .execute();
  sends = rows.map((r) => ({ ...r, inviteeId: r.inviteeId! }));
}, 60_000);
afterAll(async () => {
  await close?.();
  await signer?.close();
});

const sendOf = (id: number) => t.db.selectFrom('emailSends').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const inviteeOf = (id: number) =>
  t.db.selectFrom('invitees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (id: number) =>
  t.db
    .selectFrom('emailEvents')
    .select(['name', 'providerEventId', 'message'])
    .where('sendId', '=', id)
    .orderBy('id')
    .execute();

describe('POST /api/public/email/ses (Amazon SNS)', () => {
  const post = (m: SnsMessage | string, headers: Record<string, string> = {}) =>
    req({
      method: 'POST',
      url: '/api/public/email/ses',
      payload: typeof m === 'string' ? m : JSON.stringify(m),
      headers: {
        'content-type': 'text/plain; charset=UTF-8',
        'x-amz-sns-message-type': typeof m === 'string' ? 'Notification' : m.Type,
        ...headers,
      },
    });

  it('confirms a verified subscription by fetching its SubscribeURL', async () => {
    const res = await post(
      signer.message(
        { Type: 'SubscriptionConfirmation', Message: 'You have chosen to subscribe to the topic', Token: 'tok-1' },
        '1',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(signer.confirmations).toEqual(['tok-1']);
  });

  it('applies signed SES events (v1 and v2): matched by the send_id tag, else by the SES message id; a permanent bounce and a complaint block the address', async () => {
    const [a, b, c] = sends;
    // Applied in the request: the event is there when SNS gets its 200.
    expect(
      (await post(signer.message({ Message: sesEventFixture('Delivery', { sendId: a!.id }) }, '1'))).json(),
    ).toEqual({ received: 1, queued: false });
    expect(await sendOf(a!.id)).toMatchObject({ delivered: true });
    expect(
      (await post(signer.message({ Message: sesEventFixture('Bounce:Permanent', { messageId: 'ses-msg-1' }) }, '2')))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          signer.message({
            Message: sesEventFixture('Complaint', { sendId: c!.id }),
            Subject: 'Amazon SES Email Event Notification',
          }),
        )
      ).statusCode,
    ).toBe(200);
    await vi.waitFor(async () => expect((await sendOf(c!.id)).spam).toBe(true), { timeout: 20_000, interval: 100 });
    await vi.waitFor(async () => expect((await sendOf(b!.id)).bouncedHard).toBe(true), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await sendOf(a!.id)).toMatchObject({ delivered: true, bouncedHard: false });
    expect(await inviteeOf(b!.inviteeId)).toMatchObject({ emailBouncedHard: true });
    expect(await inviteeOf(c!.inviteeId)).toMatchObject({ emailSpam: true });
    const blocks = await t.db
      .selectFrom('blockedEmails')
      .select(['email', 'emailType', 'feedbackType'])
      .where('email', 'in', [b!.emailTo, c!.emailTo])
      .orderBy('feedbackType')
      .execute();
    expect(blocks).toEqual([
      { email: b!.emailTo, emailType: 'All', feedbackType: 'bounced_hard' },
      { email: c!.emailTo, emailType: 'All', feedbackType: 'spam' },
    ]);
    expect((await eventsOf(b!.id)).find((e) => e.name === 'bounced_hard')).toMatchObject({
      message: 'smtp; 550 5.1.1 user unknown',
    });
  });

  it('counts each SNS MessageId once', async () => {
    const d = sends[3]!;
    const m = signer.message({ Message: sesEventFixture('DeliveryDelay', { sendId: d.id }), MessageId: 'replayed-1' });
    for (let i = 0; i < 3; i++) expect((await post(m)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await sendOf(d.id)).deferred).toBe(true), { timeout: 20_000, interval: 100 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      await t.db
        .selectFrom('emailEvents')
        .select('id')
        .where('sendId', '=', d.id)
        .where('providerEventId', '=', 'provider:sns:replayed-1')
        .execute(),
    ).toHaveLength(1);
    expect(await t.db.selectFrom('emailEvents').select('id').where('sendId', '=', d.id).execute()).toHaveLength(1);
  });

  it('answers 403 and changes nothing for a tampered message, an unknown topic, a foreign certificate host, bad JSON or no SNS header', async () => {
    const e = sends[4]!;
    const good = signer.message({ Message: sesEventFixture('Bounce:Permanent', { sendId: e.id }) });
    const cases: Array<[SnsMessage | string, Record<string, string>?]> = [
      [{ ...good, Message: sesEventFixture('Bounce:Permanent', { sendId: sends[5]!.id }) }],
      [
        signer.message({
          Message: sesEventFixture('Bounce:Permanent', { sendId: e.id }),
          TopicArn: 'arn:aws:sns:us-east-1:123456789012:someone-else',
        }),
      ],
      [
        signer.message({
          Message: sesEventFixture('Bounce:Permanent', { sendId: e.id }),
          SigningCertURL: 'https://certs.evil.example/SimpleNotificationService.pem',
        }),
      ],
      [
        signer.message({
          Type: 'SubscriptionConfirmation',
          Message: 'x',
          TopicArn: 'arn:aws:sns:us-east-1:123456789012:someone-else',
        }),
      ],
      ['{not json'],
      [good, { 'x-amz-sns-message-type': '' }],
    ];
    for (const [m, headers] of cases) {
      const res = await post(m, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid webhook signature' });
    }
    expect(signer.confirmations).toEqual(['tok-1']);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await sendOf(e.id)).toMatchObject({ bouncedHard: false });
    expect(await sendOf(sends[5]!.id)).toMatchObject({ bouncedHard: false });
  });
});

describe('POST /api/public/email/sendgrid (signed Event Webhook)', () => {
  const signed = (events: unknown[], opts: { timestamp?: number; key?: typeof sendgridKeys.privateKey } = {}) => {
    const body = JSON.stringify(events);
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = sign('sha256', Buffer.from(timestamp + body), opts.key ?? sendgridKeys.privateKey).toString(
      'base64',
    );
    return {
      method: 'POST' as const,
      url: '/api/public/email/sendgrid',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-signature': signature,
        'x-twilio-email-event-webhook-timestamp': timestamp,
      },
    };
  };

  it('applies verified events once: delivered, open, bounce (blocks), machine opens kept apart', async () => {
    const s = sends[5]!;
    const events = [
      {
        email: s.emailTo,
        timestamp: 1700000000,
        event: 'delivered',
        sg_event_id: 'sg-d-1',
        sg_message_id: 'abc.filter0001',
        send_id: String(s.id),
        response: '250 OK',
      },
      {
        email: s.emailTo,
        timestamp: 1700000100,
        event: 'open',
        sg_event_id: 'sg-o-1',
        send_id: String(s.id),
        sg_machine_open: true,
        useragent: 'Mozilla/5.0',
        ip: '17.1.2.3',
      },
      {
        email: s.emailTo,
        timestamp: 1700000200,
        event: 'bounce',
        type: 'bounce',
        sg_event_id: 'sg-b-1',
        send_id: String(s.id),
        reason: '550 5.1.1 unknown user',
      },
    ];
    const res = await req(signed(events));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 3, queued: true });
    await vi.waitFor(async () => expect((await sendOf(s.id)).bouncedHard).toBe(true), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await sendOf(s.id)).toMatchObject({ delivered: true, opened: false });
    expect((await req(signed(events))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await eventsOf(s.id)).map((e) => e.name)).toEqual(['delivered', 'opened', 'bounced_hard']);
    expect(
      await t.db.selectFrom('blockedEmails').select('feedbackType').where('email', '=', s.emailTo).execute(),
    ).toEqual([{ feedbackType: 'bounced_hard' }]);
  });

  it('refuses a wrong key, a changed body, an old timestamp and a missing signature with 403', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const events = [{ event: 'spamreport', sg_event_id: 'sg-x', send_id: String(sends[6]!.id), timestamp: 1 }];
    const bad = [
      signed(events, { key: other.privateKey }),
      { ...signed(events), payload: JSON.stringify([{ ...events[0], send_id: String(sends[7]!.id) }]) },
      signed(events, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      { ...signed(events), headers: { 'content-type': 'application/json' } },
    ];
    for (const r of bad) expect((await req(r)).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 500));
    expect(await sendOf(sends[6]!.id)).toMatchObject({ spam: false });
  });
});

describe('POST /api/public/email/postmark (basic credentials)', () => {
  const post = (event: unknown, user = POSTMARK_USER, password = POSTMARK_PASSWORD) =>
    req({
      method: 'POST',
      url: '/api/public/email/postmark',
      payload: JSON.stringify(event),
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      },
    });
  const spam = () => ({
    RecordType: 'SpamComplaint',
    MessageID: 'pm-1',
    ID: 42,
    Type: 'SpamComplaint',
    Email: sends[6]!.emailTo,
    BouncedAt: '2026-11-20T10:00:00Z',
    Metadata: { send_id: String(sends[6]!.id) },
  });

  it('refuses wrong or missing credentials with 403 and changes nothing', async () => {
    expect((await post(spam(), POSTMARK_USER, 'not-the-password-at-all')).statusCode).toBe(403);
    expect((await post(spam(), 'someone', POSTMARK_PASSWORD)).statusCode).toBe(403);
    const none = await req({
      method: 'POST',
      url: '/api/public/email/postmark',
      payload: JSON.stringify(spam()),
      headers: { 'content-type': 'application/json' },
    });
    expect(none.statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 500));
    expect(await sendOf(sends[6]!.id)).toMatchObject({ spam: false });
  });

  it('applies events with the right credentials, each once: a complaint blocks, a delivery and an open set their flags', async () => {
    const s = sends[6]!;
    expect((await post(spam())).json()).toEqual({ received: 1, queued: true });
    await post(spam());
    await post({
      RecordType: 'Delivery',
      MessageID: 'pm-1',
      DeliveredAt: '2026-11-20T09:59:00Z',
      Details: 'Test delivery',
      Metadata: { send_id: String(s.id) },
    });
    await post({
      RecordType: 'Open',
      MessageID: 'pm-1',
      ReceivedAt: '2026-11-20T10:05:00Z',
      UserAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120',
      Geo: { IP: '203.0.113.5' },
      Metadata: { send_id: String(s.id) },
    });
    await vi.waitFor(
      async () => expect(await sendOf(s.id)).toMatchObject({ spam: true, delivered: true, opened: true }),
      { timeout: 20_000, interval: 100 },
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect((await eventsOf(s.id)).map((e) => e.name).sort()).toEqual(['delivered', 'opened', 'spam']);
    expect(
      await t.db.selectFrom('blockedEmails').select('feedbackType').where('email', '=', s.emailTo).execute(),
    ).toEqual([{ feedbackType: 'spam' }]);
  });
});
