import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay, addDays } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { makeInvitees } from '../../test/mail-fixtures.js';

/* Issue 37 §1, §2: the caps per domain and the warm-up table set on the deliverability page. */

const PATH = '/api/admin/logistics/deliverability';
const today = utcDay(new Date());

let t: TestApp;
let admin: string;
let auditor: string;
let adminId: number;

beforeAll(async () => {
  // Day 2 of the warm-up today, a quota of 100,000.
  t = await createTestApp({ EMAIL_WARMUP_START: addDays(today, -1), EMAIL_DOMAIN_RATE: '600' });
  admin = await t.signIn({ email: 'caps-admin@example.test' });
  auditor = await t.signIn({ email: 'caps-auditor@example.test', roles: ['ROLE_AUDITOR'] });
  adminId = (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'caps-admin@example.test')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.request({ method, url: `${PATH}${url}`, cookie, ...(payload === undefined ? {} : { payload }) });
const audit = (entity: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'entityId', 'accountId', 'changes', 'detail'])
    .where('entity', '=', entity)
    .orderBy('id')
    .execute();

describe('caps per domain (issue 37 §1)', () => {
  it('sets, changes and removes a cap for a domain or a mail host, audited; EMAIL_DOMAIN_RATE is the default', async () => {
    expect((await call('GET', '/domain-caps', admin)).json()).toEqual({ caps: [], defaultPerMinute: 600 });
    const set = await call('PUT', '/domain-caps/State.EDU', admin, { perMinute: 120 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ name: 'state.edu', perMinute: 120 });
    expect((await call('PUT', '/domain-caps/microsoft', admin, { perMinute: 300 })).statusCode).toBe(200);
    expect((await call('PUT', '/domain-caps/state.edu', admin, { perMinute: 60 })).statusCode).toBe(200);
    const list = (await call('GET', '/domain-caps', auditor)).json();
    expect(list.caps.map((c: { name: string; perMinute: number }) => [c.name, c.perMinute])).toEqual([
      ['microsoft', 300],
      ['state.edu', 60],
    ]);
    expect((await call('DELETE', '/domain-caps/microsoft', admin)).statusCode).toBe(204);
    const gone = await call('DELETE', '/domain-caps/microsoft', admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'microsoft has no cap of its own' });
    expect(await audit('email_domain_caps')).toEqual([
      { action: 'create', entityId: 'state.edu', accountId: adminId, changes: null, detail: { perMinute: 120 } },
      { action: 'create', entityId: 'microsoft', accountId: adminId, changes: null, detail: { perMinute: 300 } },
      {
        action: 'update',
        entityId: 'state.edu',
        accountId: adminId,
        changes: { perMinute: { old: 120, new: 60 } },
        detail: { perMinute: 60 },
      },
      { action: 'delete', entityId: 'microsoft', accountId: adminId, changes: null, detail: { perMinute: 300 } },
    ]);
  });

  it('refuses a cap that is not a positive whole number, and a name that is neither a domain nor a mail host', async () => {
    const bad: [string, object, string][] = [
      ['/domain-caps/state.edu', { perMinute: 0 }, 'The cap must be at least 1 message a minute'],
      ['/domain-caps/state.edu', { perMinute: -5 }, 'The cap must be at least 1 message a minute'],
      ['/domain-caps/state.edu', { perMinute: 1.5 }, 'The cap must be a whole number of messages a minute'],
      ['/domain-caps/state.edu', { perMinute: '60' }, 'The cap must be a number of messages a minute'],
      ['/domain-caps/state.edu', { perMinute: 2_000_000 }, 'The cap must be at most 1,000,000 messages a minute'],
      [
        '/domain-caps/amazon',
        { perMinute: 60 },
        'Give a recipient domain (e.g. state.edu) or a mail host: google, microsoft or yahoo',
      ],
      [
        '/domain-caps/bad..edu',
        { perMinute: 60 },
        'Give a recipient domain (e.g. state.edu) or a mail host: google, microsoft or yahoo',
      ],
      [
        '/domain-caps/x@state.edu',
        { perMinute: 60 },
        'Give a recipient domain (e.g. state.edu) or a mail host: google, microsoft or yahoo',
      ],
    ];
    for (const [url, payload, message] of bad) {
      const res = await call('PUT', url, admin, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
  });

  it('an auditor sees the caps and the table but changes neither', async () => {
    expect((await call('GET', '/domain-caps', auditor)).statusCode).toBe(200);
    expect((await call('GET', '/warmup-schedule', auditor)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PUT', '/domain-caps/tech.edu', { perMinute: 10 }],
      ['DELETE', '/domain-caps/state.edu', undefined],
      ['PUT', '/warmup-schedule', { limits: [100] }],
      ['DELETE', '/warmup-schedule', undefined],
    ] as const) {
      const res = await call(method, url, auditor, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You do not have permission to change deliverability');
    }
  });
});

describe('the warm-up table (issue 37 §2)', () => {
  it('is the computed one by default: 500 doubling, below the quota', async () => {
    expect((await call('GET', '/warmup-schedule', admin)).json()).toEqual({
      limits: [500, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000],
      isDefault: true,
      defaultLimits: [500, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000],
      dailyQuota: 100_000,
      start: addDays(today, -1),
      updatedAt: null,
    });
  });

  it('refuses a day that is not a positive whole number or is above the quota, and an empty table', async () => {
    const bad: [object, string][] = [
      [{ limits: [500, 0] }, "A day's limit must be at least 1 email"],
      [{ limits: [500, 2.5] }, "A day's limit must be a whole number of emails"],
      [{ limits: [] }, 'Give at least one day'],
      [{ limits: [500, 120_000] }, 'Day 2: 120,000 is above the daily quota of 100,000 (EMAIL_DAILY_QUOTA)'],
    ];
    for (const [payload, message] of bad) {
      const res = await call('PUT', '/warmup-schedule', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('an edited table (audited) is what the page, emails per day and the projection use; reset returns to the default', async () => {
    const saved = await call('PUT', '/warmup-schedule', admin, { limits: [200, 300, 250] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ limits: [200, 300, 250], isDefault: false });
    // Saving the same table again changes nothing (no audit row).
    await call('PUT', '/warmup-schedule', admin, { limits: [200, 300, 250] });

    const overview = (await call('GET', '/overview', admin)).json();
    expect(overview.warmup).toMatchObject({ day: 2, limit: 300 });
    const days = (
      await t.request({
        method: 'GET',
        url: `/api/admin/logistics/dashboard/email-scheduled?dateFrom=${today}&dateTo=${addDays(today, 2)}`,
        cookie: admin,
      })
    ).json().days;
    // Day 2, 3, then past the table's end: the quota.
    expect(days.map((d: { warmupLimit: number | null }) => d.warmupLimit)).toEqual([300, 250, null]);
    const { invitationId } = await makeInvitees(t.db, 3);
    const at = new Date(`${addDays(today, 1)}T09:00:00Z`);
    const projection = await t.request({
      method: 'GET',
      url: `/api/admin/logistics/invitations/${invitationId}/emails/projection?sendScheduledAt=${encodeURIComponent(at.toISOString())}`,
      cookie: admin,
    });
    expect(projection.json()).toMatchObject({ dailyQuota: 250, warmupDay: 3 });

    const reset = await call('DELETE', '/warmup-schedule', admin);
    expect(reset.json()).toMatchObject({
      isDefault: true,
      limits: [500, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000],
    });
    expect((await call('GET', '/overview', admin)).json().warmup).toMatchObject({ day: 2, limit: 1000 });
    expect(await audit('email_warmup_schedule')).toEqual([
      { action: 'create', entityId: 'true', accountId: adminId, changes: null, detail: { limits: [200, 300, 250] } },
      { action: 'delete', entityId: 'true', accountId: adminId, changes: null, detail: { limits: [200, 300, 250] } },
    ]);
  });
});
