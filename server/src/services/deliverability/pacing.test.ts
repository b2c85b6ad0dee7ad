import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from '../../test/helper.js';
import { deliverQueuedEmails } from '../mail/deliver.js';
import type { MailConfig } from '../mail/mail-config.js';
import { startTestSmtp } from '../../test/smtp.js';
import {
  deliveryTestApp,
  domainRow as domainRowIn,
  queueToDomains,
  sendsTo,
  type DeliveryApp,
} from '../../test/delivery-fixtures.js';
import { budgetOf } from './budgets.js';
import { domainPacer } from './pacer.js';
import { removeDomainCap, saveDomainCap } from './domain-caps.js';

let app: DeliveryApp;
let t: TestApp;
let config: MailConfig;
let run = 0;
const FAST = { baseMs: 100, maxMs: 800 };

deliveryTestApp(
  (a) => {
    app = a;
    ({ t, config } = a);
  },
  { emptyQueue: true },
);
beforeEach(() => {
  run++;
});

/** Queues `perDomain` messages to each of `domains` (named d0.r<run>.example ...), interleaved. */
async function queueTo(domains: number, perDomain: number) {
  const names = Array.from({ length: domains }, (_, d) => `d${d}.r${run}.example`);
  await queueToDomains(app, names, perDomain, `pace-${run}`);
  return names;
}
const statuses = (domain: string) => sendsTo(t.db, domain);
const domainRow = (domain: string) => domainRowIn(t.db, domain);

describe('the pacer (additive increase, multiplicative decrease per budget)', () => {
  it('starts uncapped, halves and holds a deferring budget with growing delays, and recovers to uncapped', () => {
    let now = 0;
    const p = domainPacer({ delays: { baseMs: 5000, maxMs: 60_000 }, now: () => now });
    for (let i = 0; i < 120; i++) expect(p.slot('a.edu')).toBe(0);
    expect(p.deferred('a.edu')).toBe(5000);
    // 120 starts in its first second: about 7,200 a minute, halved.
    expect(p.state('a.edu').rate).toBe(3600);
    expect(p.slot('a.edu')).toBe(5000);
    expect(p.slot('b.edu')).toBe(0); // another budget goes on
    now = 5000;
    expect(p.slot('a.edu')).toBe(0);
    expect(p.deferred('a.edu')).toBe(10_000);
    expect(p.state('a.edu').rate).toBe(1800);
    expect(p.slot('a.edu')).toBe(10_000);
    expect(p.stateName('a.edu')).toBe('slowed');
    now = 20_000;
    p.accepted('a.edu');
    expect(p.state('a.edu').rate).toBe(1800 + 360); // a twentieth of the rate it had before slowing
    for (let i = 0; i < 14; i++) p.accepted('a.edu');
    expect(p.stateName('a.edu')).toBe('normal');
    expect(p.state('a.edu').rate).toBeNull();
  });

  it('keeps a capped budget to its messages a minute', () => {
    const now = 0;
    const p = domainPacer({ capPerMinute: 60, now: () => now });
    expect(p.slot('a.edu')).toBe(0);
    expect(p.slot('a.edu')).toBe(1000);
    p.accepted('a.edu');
    expect(p.state('a.edu').rate).toBe(60);
  });

  it("a budget's own cap (set on the page) wins over EMAIL_DOMAIN_RATE; caps changed mid-pass apply at once", () => {
    let now = 0;
    const p = domainPacer({ capPerMinute: 600, caps: new Map([['google', 60]]), now: () => now });
    expect(p.slot('google')).toBe(0);
    expect(p.slot('google')).toBe(1000); // 60 a minute
    expect(p.slot('a.edu')).toBe(0);
    expect(p.slot('a.edu')).toBe(100); // EMAIL_DOMAIN_RATE: 600 a minute
    expect(p.state('a.edu').rate).toBe(600);
    // A cap for a.edu, none for google any more (back to EMAIL_DOMAIN_RATE).
    p.setCaps(new Map([['a.edu', 30]]));
    expect(p.state('a.edu')).toMatchObject({ rate: 30, target: 30 });
    expect(p.state('google')).toMatchObject({ rate: 600, target: 600 });
    expect(p.stateName('a.edu')).toBe('normal');
    // A slowed budget above its new cap is brought down to it, and recovers to it.
    now = 10_000;
    p.deferred('google');
    expect(p.state('google').rate).toBe(300);
    p.setCaps(new Map([['google', 100]]));
    expect(p.state('google')).toMatchObject({ rate: 100, target: 100 });
    p.accepted('google');
    expect(p.stateName('google')).toBe('normal');
  });

  it('groups Microsoft- and Google-hosted domains by name or MX host', () => {
    expect(budgetOf('gmail.com')).toBe('google');
    expect(budgetOf('contoso.onmicrosoft.com')).toBe('microsoft');
    expect(budgetOf('state.edu', ['state-edu.mail.protection.outlook.com'])).toBe('microsoft');
    expect(budgetOf('college.edu', ['aspmx.l.google.com.'])).toBe('google');
    expect(budgetOf('small.edu', ['mx.small.edu'])).toBe('small.edu');
  });
});

describe('delivery paced per recipient domain, against an SMTP server answering per domain', () => {
  it('one domain deferring everything slows only itself: the other domains are all sent, the deferring one tried a few times', async () => {
    const names = await queueTo(10, 30);
    const deferring = names[3]!;
    let tries = 0;
    const smtp = await startTestSmtp({
      keep: false,
      refuse: (rcpt) =>
        rcpt.endsWith(`@${deferring}`) ? (tries++, { code: 451, message: '4.7.1 Try again later' }) : null,
    });
    try {
      const report = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url },
        { throttleDelays: FAST, maxIdleMs: 0 },
      );
      expect(report).toMatchObject({ sent: 270, throttled: 0 });
      expect(smtp.count()).toBe(270);
      // Held after its first answers: only the messages already in flight (5 connections) were tried.
      expect(tries).toBeGreaterThan(0);
      expect(tries).toBeLessThanOrEqual(6);
      for (const d of names.filter((n) => n !== deferring))
        expect(await domainRow(d)).toMatchObject({ state: 'normal', sent: 30 });
      const row = await domainRow(deferring);
      expect(row).toMatchObject({
        state: 'slowed',
        sent: 0,
        lastAnswer: expect.stringMatching(/^451 4\.7\.1 Try again later/),
      });
      expect((await statuses(deferring)).every((s) => s.status === 'queued')).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('a capped domain that defers and recovers returns to its rate (EMAIL_DOMAIN_RATE), and every message is sent', async () => {
    const [slow] = await queueTo(1, 40);
    let deferrals = 3;
    const smtp = await startTestSmtp({
      keep: false,
      refuse: () => (deferrals-- > 0 ? { code: 450, message: '4.2.1 Slow down' } : null),
    });
    try {
      const report = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url, EMAIL_DOMAIN_RATE: 6000 },
        { throttleDelays: FAST, maxIdleMs: 10_000, connections: 1 },
      );
      expect(report).toMatchObject({ sent: 40, failed: 0 });
      expect(await domainRow(slow!)).toMatchObject({ state: 'normal', ratePerMinute: 6000, sent: 40, deferred: 3 });
    } finally {
      await smtp.close();
    }
  });

  it('a cap set on the page holds its domain to it, over EMAIL_DOMAIN_RATE, while the others go at the default', async () => {
    const [capped, other] = await queueTo(2, 20);
    await saveDomainCap(t.db, capped!, 1, null);
    const smtp = await startTestSmtp({ keep: false });
    try {
      const report = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url, EMAIL_DOMAIN_RATE: 600_000 },
        { throttleDelays: FAST, maxIdleMs: 0 },
      );
      // 1 a minute: one message, the next a minute later (past what this pass waits for).
      expect(report.sent).toBe(21);
      expect((await statuses(other!)).every((s) => s.status === 'sent')).toBe(true);
      const held = await statuses(capped!);
      expect(held.filter((s) => s.status === 'sent')).toHaveLength(1);
      expect(held.filter((s) => s.status === 'queued')).toHaveLength(19);
      // Without its cap, the next pass sends the rest at EMAIL_DOMAIN_RATE.
      await removeDomainCap(t.db, capped!);
      const rest = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url, EMAIL_DOMAIN_RATE: 600_000 },
        { throttleDelays: FAST, maxIdleMs: 0 },
      );
      expect(rest.sent).toBe(19);
    } finally {
      await smtp.close();
    }
  });

  it('a domain deferring for longer than EMAIL_DOMAIN_GIVE_UP_HOURS has its sends failed with the reason', async () => {
    const [gone, fine] = await queueTo(2, 5);
    await sql`insert into email_domains (domain, budget, state, deferring_since) values (${gone}, ${gone}, 'slowed', now() - interval '49 hours')`.execute(
      t.db,
    );
    const smtp = await startTestSmtp({
      keep: false,
      refuse: (rcpt) => (rcpt.endsWith(`@${gone}`) ? { code: 451, message: 'Try again later' } : null),
    });
    try {
      const report = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url, EMAIL_DOMAIN_GIVE_UP_HOURS: 48 },
        { throttleDelays: FAST, maxIdleMs: 0 },
      );
      expect(report.sent).toBe(5);
      const sends = await statuses(gone!);
      expect(sends).toHaveLength(5);
      for (const s of sends) {
        expect(s.status).toBe('failed');
        expect(s.sendStatusMessage).toMatch(
          new RegExp(
            `^Gave up: ${gone!.replace(/\./g, '\\.')} has deferred every message since .* \\(over 48 hours\\): 451`,
          ),
        );
      }
      expect((await statuses(fine!)).every((s) => s.status === 'sent')).toBe(true);
      expect(await domainRow(gone!)).toMatchObject({ state: 'given_up' });
    } finally {
      await smtp.close();
    }
  });
});
