import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.js';
import { deliverQueuedEmails } from '../mail/deliver.js';
import type { MailConfig } from '../mail/mail-config.js';
import { applyProviderEvents, type ProviderEvent } from '../mail/webhook-events.js';
import { postmarkEvent } from '../mail/providers/postmark.js';
import { startTestSmtp } from '../../test/smtp.js';
import {
  deliveryTestApp,
  domainRow as domainRowIn,
  providerEvent as eventOf,
  queueToDomains,
  sendsTo,
  type DeliveryApp,
} from '../../test/delivery-fixtures.js';

/*
 * Issue 37 §1: deferrals the provider reports (SES DeliveryDelay, SendGrid and Mandrill deferred, Postmark's
 * transient bounces) slow the recipient's domain as a 4xx to RCPT does, and only that domain, and count toward
 * its give-up (EMAIL_DOMAIN_GIVE_UP_HOURS) as RCPT deferrals do.
 */

let app: DeliveryApp;
let t: TestApp;
let config: MailConfig;

deliveryTestApp(
  (a) => {
    app = a;
    ({ t, config } = a);
  },
  { emptyQueue: true },
);

const queueTo = (domains: string[], perDomain: number, sourceId: string) =>
  queueToDomains(app, domains, perDomain, sourceId);
const domainRow = (domain: string) => domainRowIn(t.db, domain);
/** A provider's event about one send (a deferral unless named), at `at`. */
const providerEvent = (sendId: number, id: string, name: ProviderEvent['name'] = 'deferred', at = new Date()) =>
  eventOf(sendId, name, id, at, name === 'deferred' ? '421 4.7.0 Try again later' : '250 OK');

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
      const event = (id: string) => providerEvent(earlier!, id);
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

describe("provider deferrals count toward the domain's give-up", () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  it("the relay's acceptance does not reset the clock; the provider's delivered event does", async () => {
    const domain = 'clock.provider.example';
    const smtp = await startTestSmtp({ keep: false });
    try {
      const [first] = await queueTo([domain], 1, 'clock-first');
      await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      const since = hoursAgo(47);
      await applyProviderEvents(t.db, [providerEvent(first!, 'clock-dd-1', 'deferred', since)]);
      expect((await domainRow(domain))?.providerDeferringSince).toEqual(since);
      // Held for a moment (its budget slowed), then sent: the provider takes it, which says nothing of the recipient's server.
      await queueTo([domain], 1, 'clock-next');
      const report = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url },
        { throttleDelays: { baseMs: 50, maxMs: 100 }, maxIdleMs: 5_000 },
      );
      expect(report).toMatchObject({ sent: 1, failed: 0 });
      expect(await domainRow(domain)).toMatchObject({ providerDeferringSince: since });
      await applyProviderEvents(t.db, [providerEvent(first!, 'clock-dl-1', 'delivered')]);
      expect(await domainRow(domain)).toMatchObject({ providerDeferringSince: null });
    } finally {
      await smtp.close();
    }
  });

  it('a domain the provider has deferred for longer than EMAIL_DOMAIN_GIVE_UP_HOURS has its sends failed with the reason', async () => {
    const [gone, fine] = ['gone.provider.example', 'fine.provider.example'];
    const smtp = await startTestSmtp({ keep: false });
    try {
      const [earlier] = await queueTo([gone], 1, 'gone-earlier');
      await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      // Deferred since 49 hours, still deferring now.
      await applyProviderEvents(t.db, [
        providerEvent(earlier!, 'gone-dd-1', 'deferred', hoursAgo(49)),
        providerEvent(earlier!, 'gone-dd-2'),
      ]);
      await queueTo([gone, fine], 5, 'gone-next');
      const report = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url, EMAIL_DOMAIN_GIVE_UP_HOURS: 48 },
        { maxIdleMs: 0 },
      );
      expect(report.sent).toBe(5);
      const sends = (await sendsTo(t.db, gone)).filter((s) => s.status !== 'sent');
      expect(sends).toHaveLength(5);
      for (const s of sends) {
        expect(s.status).toBe('failed');
        expect(s.sendStatusMessage).toMatch(
          /^Gave up: gone\.provider\.example has deferred every message since .* \(over 48 hours\): 421 4\.7\.0 Try again later$/,
        );
      }
      expect((await sendsTo(t.db, fine)).every((s) => s.status === 'sent')).toBe(true);
      expect(await domainRow(gone)).toMatchObject({ state: 'given_up' });
      expect(await domainRow(fine)).toMatchObject({ state: 'normal' });
    } finally {
      await smtp.close();
    }
  });
});
