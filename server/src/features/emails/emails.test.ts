import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { recordEmailEvents } from '../../services/mail/events.js';
import { isAutomatedOpen } from '../../services/mail/tracking.js';
import { WEBHOOK_BODY_LIMIT } from './routes.js';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { setServiceConfig } from '../../services/secrets.js';
import { deliverQueuedEmails } from '../../services/mail/deliver.js';
import { mailConfig } from '../../services/mail/mail-config.js';
import { queueEmails } from '../../services/mail/send.js';
import { bodySignature, mandrillSignature } from '../../services/mail/providers/mandrill.js';
import { makeInvitees, makeTemplateVersion } from '../../test/mail-fixtures.js';

const SECRET = 'webhook-test-secret';
let t: TestApp;
let app: FastifyInstance;
let queue: QueuedApp['queue'];
let cookie: string;
let close: QueuedApp['close'];
let versionId: number;
let sendIds: number[];
let inviteeIds: number[];

const req = async (opts: InjectOptions & { cookie?: string }) => {
  const { cookie: c, headers, ...rest } = opts;
  const res = await app.inject({ ...rest, headers: { ...headers, ...(c ? { cookie: c } : {}) } });
  return Object.assign(res, { json: () => JSON.parse(res.body) });
};

beforeAll(async () => {
  ({ t, app, queue, cookie, close } = await createQueuedApp({
    PUBLIC_URL: 'https://admin.society.example',
    EMAIL_WEBHOOK_SECRET: SECRET,
    EMAIL_RATE_PER_SECOND: '100000',
  }));
  setServiceConfig(t.config);
  versionId = await makeTemplateVersion(t.db, {
    body: '<html><body><p>Hi {{firstName}}</p><a href="https://society.example/x?a=1">Go</a></body></html>',
    bodyFormat: 'html',
    subject: 'Hello {{firstName}}',
    preview: '',
  });
  const { invitationId, invitees } = await makeInvitees(t.db, 4, 'log.example');
  inviteeIds = invitees.map((i) => i.id);
  const inv = await queueEmails(t.db, queue, {
    source: 'invitation_email',
    sourceId: '77',
    templateVersionId: versionId,
    emails: invitees.map((i) => ({
      recipientKey: `invitee:${i.id}`,
      to: i.email,
      emailType: 'Invitation' as const,
      values: { firstName: i.firstName, emailId: '77' },
      inviteeId: i.id,
      invitationId,
    })),
  });
  const welcome = await queueEmails(t.db, queue, {
    source: 'welcome_email_test',
    sourceId: '5',
    templateVersionId: versionId,
    emails: [
      {
        recipientKey: 'test:1',
        to: 'staff@society.example',
        emailType: 'Transactional',
        values: { firstName: 'Staff' },
      },
    ],
  });
  sendIds = [...inv.sendIds, ...welcome.sendIds];
  // Delivered by the job queueEmails queued, into the outbox (no SMTP_URL).
  await vi.waitFor(
    async () => {
      const { n } = await t.db
        .selectFrom('emailSends')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(5);
    },
    { timeout: 20_000, interval: 100 },
  );
}, 60_000);

afterAll(async () => {
  setServiceConfig(undefined);
  await close?.();
});

describe('send log', () => {
  it('lists sends with the spec shape, source label and short form, newest first; filters by source, sourceId, event and search', async () => {
    const all = await req({ method: 'GET', url: '/api/admin/tech/emails', cookie });
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination.totalItems).toBe(5);
    const first = all.json().items[0];
    expect(first).toMatchObject({
      id: sendIds[4],
      source: 'welcome test',
      sourceShort: 'Welcome test',
      sourceId: '5',
      emailTo: 'staff@society.example',
      subject: 'Hello Staff',
      status: 'sent',
      sent: true,
      opened: false,
      unsub: false,
      sendStatusMessage: null,
    });
    expect(first.sendAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const inv = await req({
      method: 'GET',
      url: '/api/admin/tech/emails?source=invitation%20email&sourceId=77&pageSize=2&sort=emailTo:asc',
      cookie,
    });
    expect(inv.json().pagination).toMatchObject({ totalItems: 4, totalPages: 2 });
    expect(inv.json().items.map((i: { emailTo: string }) => i.emailTo)).toEqual([
      'student0@log.example',
      'student1@log.example',
    ]);

    await t.db.updateTable('emailSends').set({ opened: true }).where('id', '=', sendIds[1]!).execute();
    const opened = await req({ method: 'GET', url: '/api/admin/tech/emails?event=opened', cookie });
    expect(opened.json().items.map((i: { id: number }) => i.id)).toEqual([sendIds[1]]);
    await t.db.updateTable('emailSends').set({ opened: false }).where('id', '=', sendIds[1]!).execute();

    const search = await req({ method: 'GET', url: '/api/admin/tech/emails?search=STUDENT2', cookie });
    expect(search.json().items.map((i: { emailTo: string }) => i.emailTo)).toEqual(['student2@log.example']);
    expect(search.json().pagination).toMatchObject({ totalItems: 1, totalPages: 1 });
  });

  it('refuses unknown filter values with a clear 400 and needs an admin', async () => {
    const bad = await req({ method: 'GET', url: '/api/admin/tech/emails?source=newsletter', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^source must be one of: invitation email, /);
    const badEvent = await req({ method: 'GET', url: '/api/admin/tech/emails?event=bounced', cookie });
    expect(badEvent.statusCode).toBe(400);
    expect((await req({ method: 'GET', url: '/api/admin/tech/emails' })).statusCode).toBe(401);
    const member = await t.signIn({ admin: false });
    expect((await req({ method: 'GET', url: '/api/admin/tech/emails', cookie: member })).statusCode).toBe(403);
  });

  it("answers a send's events, paged, and 404 for an unknown send", async () => {
    const res = await req({ method: 'GET', url: `/api/admin/tech/emails/${sendIds[0]}/events?eventsPage=1`, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        name: 'sent',
        automated: false,
        link: null,
        message: expect.stringMatching(/^outbox/),
      }),
    ]);
    expect((await req({ method: 'GET', url: '/api/admin/tech/emails/99999999/events', cookie })).statusCode).toBe(404);
  });
});

describe('outbox', () => {
  it('lists messages and shows one with headers, text and HTML (without the open pixel)', async () => {
    const list = await req({ method: 'GET', url: '/api/admin/tech/outbox?search=staff@', cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({ toAddress: 'staff@society.example', subject: 'Hello Staff', sendId: sendIds[4] }),
    ]);
    const one = await req({ method: 'GET', url: `/api/admin/tech/outbox/${list.json().items[0].id}`, cookie });
    expect(one.json()).toMatchObject({
      text: expect.stringContaining('Hi Staff'),
      headers: { From: '"Honor Society" <invite@society.example>', 'Reply-To': 'help@society.example' },
    });
    expect(one.json().html).toContain('<p>Hi Staff</p>');
    expect(one.json().html).toContain('/api/public/email/click/');
    expect(one.json().html).not.toContain('/api/public/email/open/');
    const stored = await t.db
      .selectFrom('emailOutbox')
      .select('html')
      .where('sendId', '=', sendIds[4]!)
      .executeTakeFirstOrThrow();
    expect(stored.html).toContain('/api/public/email/open/');
    expect((await req({ method: 'GET', url: '/api/admin/tech/outbox/99999999', cookie })).statusCode).toBe(404);
  });
});

/** The tracked links of a delivered send, as the recipient got them. */
async function trackedLinks(sendId: number) {
  const { html } = await t.db
    .selectFrom('emailOutbox')
    .select('html')
    .where('sendId', '=', sendId)
    .executeTakeFirstOrThrow();
  const open = /<img src="https:\/\/admin\.society\.example(\/api\/public\/email\/open\/[^"]+)"/.exec(html)![1]!;
  const click = /href="https:\/\/admin\.society\.example(\/api\/public\/email\/click\/[^"]+)"/
    .exec(html)![1]!
    .replace(/&amp;/g, '&');
  return { open, click };
}
const eventsOf = (sendId: number) =>
  t.db
    .selectFrom('emailEvents')
    .selectAll()
    .where('sendId', '=', sendId)
    .where('name', '!=', 'sent')
    .orderBy('id')
    .execute();
const flagsOf = async (sendId: number) => {
  const send = await t.db
    .selectFrom('emailSends')
    .select(['opened', 'clicked', 'inviteeId'])
    .where('id', '=', sendId)
    .executeTakeFirstOrThrow();
  const invitee = send.inviteeId
    ? await t.db
        .selectFrom('invitees')
        .select(['emailOpened', 'emailClicked'])
        .where('id', '=', send.inviteeId)
        .executeTakeFirstOrThrow()
    : null;
  return { send, invitee };
};
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('open pixel and click redirect', () => {
  it("an Apple MPP prefetch is a machine open (no flag); a Gmail or Yahoo image-proxy fetch is the reader's open; the events panel says which", async () => {
    const sendId = sendIds[0]!;
    const { open } = await trackedLinks(sendId);
    const apple = await req({
      method: 'GET',
      url: open,
      headers: { 'user-agent': 'Mozilla/5.0' },
      remoteAddress: '17.58.100.1',
    });
    expect(apple.statusCode).toBe(200);
    expect(apple.headers['content-type']).toBe('image/gif');
    expect(await flagsOf(sendId)).toMatchObject({ send: { opened: false }, invitee: { emailOpened: false } });
    const google = await req({
      method: 'GET',
      url: open,
      headers: {
        'user-agent': 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      },
      remoteAddress: '66.249.84.1',
    });
    expect(google.statusCode).toBe(200);
    expect(await flagsOf(sendId)).toMatchObject({ send: { opened: true }, invitee: { emailOpened: true } });
    expect((await eventsOf(sendId)).map((e) => [e.name, e.automated])).toEqual([
      ['opened', true],
      ['opened', false],
    ]);
    const panel = await req({ method: 'GET', url: `/api/admin/tech/emails/${sendId}/events?sort=id:asc`, cookie });
    expect(panel.json().items.map((e: { name: string; origin: string | null }) => [e.name, e.origin])).toEqual([
      ['sent', null],
      ['opened', 'machine-open'],
      ['opened', 'image-proxy'],
    ]);

    expect(
      isAutomatedOpen({
        userAgent: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html',
        ip: '98.136.1.1',
      }),
    ).toBe(false);
  });

  it('keeps one open row per send, kind and minute however often the pixel is fetched (the flag is the same)', async () => {
    const sendId = sendIds[0]!;
    const { open } = await trackedLinks(sendId);
    const before = (await eventsOf(sendId)).length;
    for (let i = 0; i < 30; i++) await req({ method: 'GET', url: open, headers: { 'user-agent': BROWSER } });
    const after = await eventsOf(sendId);
    // The Google proxy's open of this minute (the test above) is this minute's person open: at most one more row.
    expect(after.length - before).toBeLessThanOrEqual(1);
    expect(after.filter((e) => e.name === 'opened' && !e.automated).length).toBeLessThanOrEqual(2);
    // Another minute is another row.
    await recordEmailEvents(t.db, [
      { sendId, name: 'opened', userAgent: BROWSER, eventAt: new Date(Date.now() + 120_000) },
    ]);
    await recordEmailEvents(t.db, [
      { sendId, name: 'opened', userAgent: BROWSER, eventAt: new Date(Date.now() + 120_000) },
    ]);
    expect((await eventsOf(sendId)).length).toBe(after.length + 1);
  });

  it('a wrong pixel signature still answers the image but records nothing', async () => {
    const sendId = sendIds[1]!;
    const res = await req({
      method: 'GET',
      url: `/api/public/email/open/${sendId}/AAAAAAAAAAAAAAAAAAAAAA`,
      headers: { 'user-agent': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventsOf(sendId)).toEqual([]);
  });

  it('clicks redirect to the signed address; scanners (HEAD, known agents, seconds after delivery) are automated; a tampered address is 403', async () => {
    const sendId = sendIds[2]!;
    const { click } = await trackedLinks(sendId);
    const head = await req({ method: 'HEAD', url: click, headers: { 'user-agent': BROWSER } });
    expect(head.statusCode).toBe(302);
    const early = await req({ method: 'GET', url: click, headers: { 'user-agent': BROWSER } }); // within seconds of delivery
    expect(early.statusCode).toBe(302);
    const scanner = await req({
      method: 'GET',
      url: click,
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Barracuda Sentinel)' },
    });
    expect(scanner.headers.location).toBe('https://society.example/x?a=1');
    expect(await flagsOf(sendId)).toMatchObject({ send: { clicked: false }, invitee: { emailClicked: false } });

    await t.db
      .updateTable('emailSends')
      .set({ sendAt: sql`now() - interval '5 minutes'` })
      .where('id', '=', sendId)
      .execute();
    const person = await req({ method: 'GET', url: click, headers: { 'user-agent': BROWSER } });
    expect(person.statusCode).toBe(302);
    expect(person.headers.location).toBe('https://society.example/x?a=1');
    expect(await flagsOf(sendId)).toMatchObject({ send: { clicked: true }, invitee: { emailClicked: true } });
    // The three scanner fetches are one machine row (per send, kind and minute); the person's click its own.
    const events = await eventsOf(sendId);
    expect(events.map((e) => [e.name, e.automated, e.link])).toEqual([
      ['clicked', true, 'https://society.example/x?a=1'],
      ['clicked', false, 'https://society.example/x?a=1'],
    ]);
    expect(events[1]).toMatchObject({ userAgent: BROWSER, ipAddress: '127.0.0.1' });

    const tampered = await req({
      method: 'GET',
      url: click.replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example/')}`),
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toEqual({ message: 'This link is not valid' });
  });
});

const webhookJson = (events: unknown[], secret = SECRET) => {
  const payload = JSON.stringify(events);
  return {
    method: 'POST' as const,
    url: '/api/public/email/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': bodySignature(secret, payload) },
  };
};

async function waitForEvents(sendId: number, count: number) {
  await vi.waitFor(
    async () =>
      expect(
        (
          await t.db
            .selectFrom('emailEvents')
            .select('id')
            .where('sendId', '=', sendId)
            .where('providerEventId', 'not like', 'local:%')
            .execute()
        ).length,
      ).toBe(count),
    { timeout: 20_000, interval: 100 },
  );
}

describe('provider webhook', () => {
  it('answers the address check providers make (GET and HEAD)', async () => {
    expect((await req({ method: 'HEAD', url: '/api/public/email/webhook' })).statusCode).toBe(200);
    expect((await req({ method: 'GET', url: '/api/public/email/webhook' })).json()).toEqual({ ok: true });
  });

  it('refuses a missing or wrong signature with 403 JSON', async () => {
    const body = webhookJson(
      [{ event: 'delivered', _id: 'm1', ts: 1, msg: { metadata: { send_id: sendIds[3] } } }],
      'wrong-secret',
    );
    const res = await req(body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Invalid webhook signature' });
    const none = await req({ ...body, headers: { 'content-type': 'application/json' } });
    expect(none.statusCode).toBe(403);
  });

  it('refuses a call with no signature header before reading its body (a body that never ends is not waited for)', async () => {
    const endless = new Readable({ read() {} });
    endless.push('[{"event":"open"');
    const res = await req({
      method: 'POST',
      url: '/api/public/email/webhook',
      payload: endless,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Invalid webhook signature' });
    endless.destroy();
  });

  it('takes at most 5 MB', async () => {
    const payload = `[${'"x",'.repeat((WEBHOOK_BODY_LIMIT + 1024) / 4)}"x"]`;
    const res = await req({
      method: 'POST',
      url: '/api/public/email/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'x-webhook-signature': bodySignature(SECRET, payload) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('with no secret configured, refuses every call before reading it', async () => {
    const bare = await createTestApp();
    try {
      const body = webhookJson([{ event: 'delivered', _id: 'm1', ts: 1 }]);
      const res = await bare.request(body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid webhook signature' });
    } finally {
      await bare.close();
    }
  });

  it('acknowledges a signed batch at once, then applies it: flags on the send and the invitee, a hard bounce blocks the address; a repeat changes nothing', async () => {
    const sendId = sendIds[3]!;
    const send = await t.db
      .selectFrom('emailSends')
      .select(['messageId', 'emailTo', 'inviteeId'])
      .where('id', '=', sendId)
      .executeTakeFirstOrThrow();
    const events = [
      { event: 'delivered', _id: 'mx1', ts: 1700000000, msg: { metadata: { send_id: sendId } } },
      {
        event: 'open',
        _id: 'mx1',
        ts: 1700000100,
        ip: '203.0.113.9',
        user_agent: BROWSER,
        msg: { metadata: { send_id: sendId } },
      },
      {
        event: 'hard_bounce',
        _id: 'mx1',
        ts: 1700000200,
        msg: { message_id: send.messageId, bounce_description: 'bad_mailbox' },
      },
      { event: 'whitelist', _id: 'x' },
    ];
    const res = await req(webhookJson(events));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 4, queued: true });
    await waitForEvents(sendId, 3);
    const row = await t.db.selectFrom('emailSends').selectAll().where('id', '=', sendId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivered: true, opened: true, bouncedHard: true, spam: false });
    const invitee = await t.db
      .selectFrom('invitees')
      .selectAll()
      .where('id', '=', send.inviteeId!)
      .executeTakeFirstOrThrow();
    expect(invitee).toMatchObject({
      emailDelivered: true,
      emailOpened: true,
      emailBouncedHard: true,
      emailSpam: false,
    });
    const blocked = await t.db.selectFrom('blockedEmails').selectAll().where('email', '=', send.emailTo).execute();
    expect(blocked).toEqual([expect.objectContaining({ emailType: 'All', feedbackType: 'bounced_hard' })]);
    const bounce = await t.db
      .selectFrom('emailEvents')
      .selectAll()
      .where('sendId', '=', sendId)
      .where('name', '=', 'bounced_hard')
      .executeTakeFirstOrThrow();
    expect(bounce).toMatchObject({ message: 'bad_mailbox', eventAt: new Date(1700000200 * 1000) });

    // The same batch again: acknowledged, nothing applied twice.
    expect((await req(webhookJson(events))).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const jobs = await queue.boss.findJobs('apply-email-events', { queued: true });
      expect(jobs.filter((j) => j.state !== 'completed')).toEqual([]);
    });
    await new Promise((r) => setTimeout(r, 1000));
    await waitForEvents(sendId, 3);
  });

  it("takes Mandrill's form post (mandrill_events) signed with X-Mandrill-Signature", async () => {
    const sendId = sendIds[4]!;
    const mandrillEvents = JSON.stringify([
      { event: 'spam', _id: 'mz9', ts: 1700000300, msg: { metadata: { send_id: String(sendId) } } },
    ]);
    // Mandrill's documented scheme, computed here apart from the product's signer: the URL, then each field's name and value.
    const signature = createHmac('sha1', SECRET)
      .update(`https://admin.society.example/api/public/email/webhook` + 'mandrill_events' + mandrillEvents)
      .digest('base64');
    expect(signature).toBe(
      mandrillSignature(SECRET, 'https://admin.society.example/api/public/email/webhook', {
        mandrill_events: mandrillEvents,
      }),
    );
    const res = await req({
      method: 'POST',
      url: '/api/public/email/webhook',
      payload: new URLSearchParams({ mandrill_events: mandrillEvents }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mandrill-signature': signature },
    });
    expect(res.statusCode).toBe(200);
    await waitForEvents(sendId, 1);
    expect(
      await t.db.selectFrom('emailSends').select('spam').where('id', '=', sendId).executeTakeFirstOrThrow(),
    ).toEqual({ spam: true });
    const bad = await req({
      method: 'POST',
      url: '/api/public/email/webhook',
      payload: new URLSearchParams({ mandrill_events: mandrillEvents }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-mandrill-signature': signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      },
    });
    expect(bad.statusCode).toBe(403);
  });

  it('acknowledges a batch of 1,000 events in under 2 s', async () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      event: i % 2 ? 'open' : 'click',
      _id: `bulk-${i}`,
      ts: 1700001000 + i,
      url: 'https://society.example/x',
      ip: '198.51.100.7',
      user_agent: BROWSER,
      msg: {
        metadata: { send_id: sendIds[i % 4] },
        email: 'x@y.example',
        subject: 'Hello',
        tags: [],
        state: 'sent',
        ts: 1700000000,
      },
    }));
    const started = performance.now();
    const res = await req(webhookJson(events));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.json()).toEqual({ received: 1000, queued: true });
  });
});

describe('delivery needs no SMTP server', () => {
  it('runs every minute, one pass at a time across workers', async () => {
    const [schedule] = await queue.boss.getSchedules('deliver-emails');
    expect(schedule).toMatchObject({ cron: '* * * * *', timezone: 'UTC' });
    expect((await queue.boss.getQueue('deliver-emails'))?.policy).toBe('singleton');
  });

  it('delivers queued sends through the job queueEmails queued (covered in beforeAll) and a later pass finds nothing', async () => {
    expect(await deliverQueuedEmails(t.db, mailConfig(t.config))).toMatchObject({ sent: 0, failed: 0 });
    expect(inviteeIds).toHaveLength(4);
  });
});
