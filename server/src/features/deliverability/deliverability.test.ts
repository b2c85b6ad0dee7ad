import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { startDnsServer } from '../../test/dns-server.js';
import { recordEmailEvents } from '../../services/mail/events.js';
import { warnWithoutDmarc } from '../../services/deliverability/dns-check.js';
import { addDays, utcDay } from '@app/contract';

const PATH = '/api/admin/logistics/deliverability';

/** Sends to `to`, already sent (status only: the events below are what count). */
async function sends(t: TestApp, to: string[]): Promise<number[]> {
  const rows = await t.db
    .insertInto('emailSends')
    .values(
      to.map((emailTo, i) => ({
        source: 'invitation_email' as const,
        sourceId: `d${Date.now()}-${i}-${emailTo}`,
        recipientKey: emailTo,
        emailTo,
        emailType: 'Invitation' as const,
        status: 'sent' as const,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('deliverability page (issue 37 §6, §4)', () => {
  let t: TestApp;
  let cookie: string;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  const today = utcDay(new Date());

  beforeAll(async () => {
    dns = await startDnsServer({
      'society.test': ['v=spf1 include:amazonses.com -all'],
      's1._domainkey.society.test': ['v=DKIM1; k=rsa; p=MIIBIjANBg'],
    });
    ({ t, cookie } = await createSignedInApp({ EMAIL_DOMAIN: 'society.test', DNS_SERVER: dns.server }));
    (t.config as { DKIM_SELECTOR?: string }).DKIM_SELECTOR = 's1';
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('keeps counts per domain and day as events arrive, each send once per kind, machine opens left out', async () => {
    const [a1, a2, b1] = await sends(t, ['x@alpha.edu', 'y@Alpha.EDU', 'z@beta.edu']);
    await recordEmailEvents(t.db, [
      { sendId: a1!, name: 'sent', providerEventId: `local:${a1}:sent` },
      { sendId: a2!, name: 'sent', providerEventId: `local:${a2}:sent` },
      { sendId: b1!, name: 'sent', providerEventId: `local:${b1}:sent` },
    ]);
    await recordEmailEvents(t.db, [
      // The provider's Send after our own 'sent' adds nothing.
      { sendId: a1!, name: 'sent', providerEventId: 'p1' },
      { sendId: a1!, name: 'delivered', providerEventId: 'p2' },
      { sendId: a1!, name: 'opened', eventAt: new Date(Date.now() - 120_000) },
      { sendId: a1!, name: 'opened', eventAt: new Date() },
      { sendId: a2!, name: 'opened', automated: true },
      { sendId: a2!, name: 'bounced_hard', providerEventId: 'p3' },
      { sendId: b1!, name: 'bounced_soft', providerEventId: 'p4' },
      { sendId: b1!, name: 'deferred', providerEventId: 'p5' },
      { sendId: b1!, name: 'spam', providerEventId: 'p6' },
    ]);
    // A second open later: the send was already opened.
    await recordEmailEvents(t.db, [{ sendId: a1!, name: 'opened', eventAt: new Date(Date.now() + 300_000) }]);
    // Deferrals at RCPT, as a delivery pass writes them to email_domains.
    await sql`insert into email_domains (domain, budget, state, deferred, deferring_since) values ('beta.edu', 'beta.edu', 'slowed', 3, now())`.execute(
      t.db,
    );
    await sql`update email_domains set deferred = deferred + 2 where domain = 'beta.edu'`.execute(t.db);

    const res = await t.request({ method: 'GET', url: `${PATH}/domain-days?sort=domain:asc`, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        domain: 'alpha.edu',
        day: today,
        sent: 2,
        delivered: 1,
        deferred: 0,
        bouncedHard: 1,
        bouncedSoft: 0,
        complained: 0,
        opened: 1,
        budget: null,
        state: 'normal',
        ratePerMinute: null,
      },
      {
        domain: 'beta.edu',
        day: today,
        sent: 1,
        delivered: 0,
        deferred: 6,
        bouncedHard: 0,
        bouncedSoft: 1,
        complained: 1,
        opened: 0,
        budget: 'beta.edu',
        state: 'paused',
        ratePerMinute: null,
      },
    ]);
    expect(res.json().pagination.totalItems).toBe(2);
  });

  it('sorts, searches, pages and exports the same rows', async () => {
    const bySent = await t.request({ method: 'GET', url: `${PATH}/domain-days?sort=sent:desc&pageSize=1`, cookie });
    expect(bySent.json().items.map((r: { domain: string }) => r.domain)).toEqual(['alpha.edu']);
    expect(bySent.json().pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
    const search = await t.request({ method: 'GET', url: `${PATH}/domain-days?search=BETA`, cookie });
    expect(search.json().items.map((r: { domain: string }) => r.domain)).toEqual(['beta.edu']);
    const csv = await t.request({ method: 'GET', url: `${PATH}/domain-days/export?sort=domain:desc`, cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Domain,Day,Sent,Delivered,Deferred,Bounced (hard),Bounced (soft),Complained,Opened,State now,Rate now (a minute),Budget',
    );
    expect(lines[1]).toBe(`beta.edu,${today},1,0,6,0,1,1,0,paused,uncapped,beta.edu`);
    expect(lines).toHaveLength(3);
  });

  it('answers the chart per day, the domains by state, and refuses a backwards range', async () => {
    const res = await t.request({ method: 'GET', url: `${PATH}/overview`, cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(14);
    expect(body.dateTo).toBe(today);
    expect(body.days.at(-1)).toEqual({
      day: today,
      sent: 3,
      delivered: 1,
      deferred: 6,
      bounced: 2,
      complained: 1,
      opened: 1,
    });
    expect(body.days[0].sent).toBe(0);
    expect(body.domains).toEqual({ slowed: 0, paused: 1, givenUp: 0 });
    expect(body.warmup).toBeNull();
    const bad = await t.request({
      method: 'GET',
      url: `${PATH}/overview?dateFrom=2027-01-02&dateTo=2027-01-01`,
      cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('dateTo must be on or after dateFrom');
  });

  it('runs the DNS check on demand against the DNS server and keeps the latest', async () => {
    expect((await t.request({ method: 'GET', url: `${PATH}/dns-check`, cookie })).json()).toEqual({ check: null });
    const run = await t.request({ method: 'POST', url: `${PATH}/dns-check`, cookie });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({
      domain: 'society.test',
      ok: false,
      records: [
        { name: 'SPF', ok: true },
        { name: 'DKIM', ok: true, host: 's1._domainkey.society.test' },
        { name: 'DMARC', ok: false, problem: 'No DMARC record at _dmarc.society.test (expected v=DMARC1; p=...)' },
      ],
    });
    dns.zone['_dmarc.society.test'] = ['v=DMARC1; p=none'];
    await t.request({ method: 'POST', url: `${PATH}/dns-check`, cookie });
    const latest = await t.request({ method: 'GET', url: `${PATH}/dns-check`, cookie });
    expect(latest.json().check).toMatchObject({ ok: true, domain: 'society.test' });
  });

  it('warns (as a production start does) when the sending domain has no DMARC policy', async () => {
    const warned: string[] = [];
    const log = { warn: (_: object, msg: string) => void warned.push(msg) };
    await warnWithoutDmarc(t.db, { EMAIL_DOMAIN: 'society.test', DNS_SERVER: dns.server }, log);
    expect(warned).toEqual([]);
    await warnWithoutDmarc(t.db, { EMAIL_DOMAIN: 'other.test', DNS_SERVER: dns.server }, log);
    expect(warned).toEqual([
      'No DMARC policy for other.test: publish one at _dmarc.other.test (docs/mail.md, DKIM and DNS set-up)',
    ]);
  });

  it("while warming up, the quota card, emails per day and this page use the day's warm-up limit (issue 37 §2)", async () => {
    const config = t.config as { EMAIL_WARMUP_START?: string };
    config.EMAIL_WARMUP_START = today;
    try {
      const ses = await t.request({ method: 'GET', url: '/api/admin/logistics/dashboard/ses-stats', cookie });
      expect(ses.json()).toMatchObject({ max24HourSend: 100_000, warmup: { day: 1, limit: 500 } });
      const overview = await t.request({ method: 'GET', url: `${PATH}/overview`, cookie });
      expect(overview.json().warmup).toMatchObject({ start: today, day: 1, limit: 500 });
      const perDay = await t.request({ method: 'GET', url: '/api/admin/logistics/dashboard/email-scheduled', cookie });
      expect(
        perDay
          .json()
          .days.slice(0, 3)
          .map((d: { warmupLimit: number }) => d.warmupLimit),
      ).toEqual([500, 1000, 2000]);
    } finally {
      delete config.EMAIL_WARMUP_START;
    }
    const plain = await t.request({ method: 'GET', url: '/api/admin/logistics/dashboard/ses-stats', cookie });
    expect(plain.json().warmup).toBeNull();
  });
  it('pages a long range in the row key order, ties by day then domain bytewise, deep pages from the far end', async () => {
    // 2,200 domain-days of 2020 with few distinct counts (long runs of ties), domains that order differently bytewise.
    const domains = [
      'a-1.edu',
      'a.edu',
      'a1.edu',
      'a_z.edu',
      'b.edu',
      'é.edu',
      'z.edu',
      'ab.edu',
      'a.b.edu',
      '0.edu',
      'y-.edu',
    ];
    const rows = domains.flatMap((domain, d) =>
      Array.from({ length: 200 }, (_, i) => ({ domain, day: addDays('2020-01-01', i), deferred: (i * 7 + d) % 3 })),
    );
    await sql`insert into email_domain_days (domain, day, deferred)
      select * from unnest(${rows.map((r) => r.domain)}::text[], ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.deferred)}::int[])`.execute(
      t.db,
    );
    try {
      const key = (r: { day: string; domain: string }) => Buffer.from(`${r.day} ${r.domain}`);
      for (const dir of ['desc', 'asc'] as const) {
        const expected = [...rows].sort(
          (a, b) =>
            (dir === 'desc' ? b.deferred - a.deferred : a.deferred - b.deferred) || Buffer.compare(key(a), key(b)),
        );
        for (const page of [1, 11, 15, 22]) {
          const res = await t.request({
            method: 'GET',
            url: `${PATH}/domain-days?dateFrom=2020-01-01&dateTo=2020-12-31&sort=deferred:${dir}&page=${page}&pageSize=100`,
            cookie,
          });
          expect(res.json().pagination).toMatchObject({ totalItems: 2200, totalPages: 22 });
          expect(res.json().items.map((r: { day: string; domain: string }) => `${r.day} ${r.domain}`)).toEqual(
            expected.slice((page - 1) * 100, page * 100).map((r) => `${r.day} ${r.domain}`),
          );
        }
      }
    } finally {
      await sql`delete from email_domain_days where day < '2021-01-01'`.execute(t.db);
    }
  });
});
