/**
 * Chapter scope (issue 35 §3): two chapters seeded with unique markers; an advisor (ROLE_ADVISOR) of the first
 * never receives the second's marker from any GET call of the contract it may make (every list, search, total,
 * export, dashboard and detail, walked from the contract so that routes added later are covered), while an
 * admin does; the second's rows answer 404 to detail, update and delete; a create or update into the second
 * chapter answers 403, and so does a change of a chapter's identity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CHAPTER_IDENTITY_FIXED } from '../features/chapters/routes.js';
import { OUTSIDE_SCOPE } from '../services/auth/chapter-scope.js';
import { permissionsOf, freshRoles } from '../services/auth/role-table.js';
import { permissionOf } from '@app/contract';
import { createTestApp, type TestApp } from './helper.js';
import { contractRoutes } from './contract-routes.js';
import { insertApiKey } from './api-key-fixtures.js';
import { makeTemplateVersion } from './mail-fixtures.js';
import { makeScopedStaff, seedMarkedChapter, type MarkedChapter } from './scope-fixtures.js';

const PASSWORD = 'Scope-test-pass-5521';
let t: TestApp;
let a: MarkedChapter;
let b: MarkedChapter;
let advisor: string;
let admin: string;
let advisorHolds: ReadonlySet<string>;

beforeAll(async () => {
  t = await createTestApp();
  const templateVersionId = await makeTemplateVersion(t.db);
  a = await seedMarkedChapter(t.db, 'zqalphamarker', templateVersionId);
  b = await seedMarkedChapter(t.db, 'zqbravomarker', templateVersionId);
  await makeScopedStaff(t.db, 'advisor@example.test', PASSWORD, ['ROLE_ADVISOR'], [a.chapterId]);
  advisor = await t.signIn({ email: 'advisor@example.test', password: PASSWORD });
  admin = await t.signIn();
  await freshRoles(t.db, Number.MAX_SAFE_INTEGER);
  advisorHolds = permissionsOf(['ROLE_USER', 'ROLE_ADVISOR']);
});
afterAll(() => t?.close());

/** Every GET admin call of the contract, its path filled with `ids` (each id-like parameter in turn). */
function getCalls(of: MarkedChapter) {
  const ids: Record<string, string[]> = {
    id: [of.chapterId, of.institutionId, of.memberId, of.pledgeId, of.invitationId, of.inviteeId, of.paymentId].map(
      String,
    ),
    emailId: [String(of.reminderId)],
    mailId: [String(of.mailId)],
    inviteeId: [String(of.inviteeId)],
    uuid: [of.eventUuid],
    type: ['joins', 'pledges'],
    days: ['7'],
  };
  return contractRoutes()
    .filter(({ route, access }) => route.method === 'GET' && access === 'admin')
    .flatMap(({ id, route }) => {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      let paths = [route.path];
      for (const p of params)
        paths = paths.flatMap((path) => (ids[p] ?? ['1']).map((value) => path.replace(`:${p}`, value)));
      return paths.flatMap((path) => [path, `${path}?search=${of.marker}`].map((url) => ({ id, route, url })));
    });
}

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });

describe("an advisor of one chapter never receives another chapter's rows", () => {
  it('in any GET call of the contract (lists, searches, totals, exports, dashboards, details)', async () => {
    const leaks: string[] = [];
    const errors: string[] = [];
    let asked = 0;
    for (const { id, route, url } of [...getCalls(b), ...getCalls(a)]) {
      if (!advisorHolds.has(permissionOf(route) ?? '')) continue;
      const res = await get(url, advisor);
      asked++;
      if (res.statusCode >= 500) errors.push(`${id} ${url} ${res.statusCode}`);
      if (res.body.toLowerCase().includes(b.marker)) leaks.push(`${id} ${url} ${res.statusCode}`);
    }
    expect(asked).toBeGreaterThan(50);
    expect(errors).toEqual([]);
    expect(leaks).toEqual([]);
  });

  it("while an admin gets both chapters' rows from the same lists, and the advisor its own", async () => {
    const lists = [
      '/api/admin/accounts/legacy',
      '/api/admin/accounts/pledges',
      '/api/admin/accounts/legacy/export',
      '/api/admin/accounts/payments',
      '/api/admin/accounts/payments/export',
      '/api/admin/chapters',
      '/api/admin/institutions',
      '/api/admin/logistics/invitations',
      '/api/admin/logistics/invitees',
      '/api/admin/logistics/invitees/export',
      '/api/admin/logistics/postal-mails',
      '/api/admin/logistics/invitation-emails',
      '/api/admin/logistics/stats-by-institution',
      '/api/admin/calendar-events?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z',
    ];
    for (const url of lists) {
      const all = (await get(url, admin)).body.toLowerCase();
      expect(all, url).toContain(a.marker);
      expect(all, url).toContain(b.marker);
      const own = await get(url, advisor);
      expect(own.statusCode, url).toBe(200);
      expect(own.body.toLowerCase(), url).toContain(a.marker);
    }
  });

  it('counts totals and dashboards over its chapter only', async () => {
    const members = await get('/api/admin/accounts/legacy', advisor);
    expect(members.json().pagination.totalItems).toBe(1);
    const pledges = await get('/api/admin/accounts/pledges', advisor);
    expect(pledges.json().pagination.totalItems).toBe(1);
    const joins = (cookie: string) =>
      get('/api/admin/dashboard/joins/per-month', cookie).then((r) =>
        r.json().reduce((n: number, row: { count: number }) => n + row.count, 0),
      );
    expect(await joins(advisor)).toBe(1);
    expect(await joins(admin)).toBeGreaterThanOrEqual(2);
    const stats = await get('/api/admin/logistics/dashboard/invitee-stats', advisor);
    expect(stats.statusCode).toBe(200);
  });
});

describe("another chapter's rows are not found", () => {
  it.each([
    ['GET', () => `/api/admin/chapters/${b.chapterId}`],
    ['GET', () => `/api/admin/institutions/${b.institutionId}`],
    ['GET', () => `/api/admin/accounts/${b.memberId}`],
    ['GET', () => `/api/admin/accounts/legacy/${b.memberId}`],
    ['GET', () => `/api/admin/logistics/invitations/${b.invitationId}`],
    ['GET', () => `/api/admin/logistics/invitations/${b.invitationId}/analytics`],
    ['GET', () => `/api/admin/logistics/invitations/${b.invitationId}/invitees`],
    ['GET', () => `/api/admin/logistics/invitations/${b.invitationId}/invitees/export`],
    ['GET', () => `/api/admin/logistics/invitations/${b.invitationId}/postal-mails`],
    ['GET', () => `/api/admin/logistics/invitations/${b.invitationId}/emails`],
    ['GET', () => `/api/admin/calendar-events/${b.eventUuid}`],
    ['PATCH', () => `/api/admin/calendar-events/${b.eventUuid}`, { name: 'Renamed' }],
    ['DELETE', () => `/api/admin/calendar-events/${b.eventUuid}`],
    ['PUT', () => `/api/admin/accounts/legacy/${b.memberId}`, { firstname: 'X', lastname: 'Y', email: 'x@y.test' }],
    [
      'PUT',
      () => `/api/admin/accounts/legacy/${b.memberId}/reset-password`,
      { newPassword: 'Another-pass-9911', confirmPassword: 'Another-pass-9911' },
    ],
    ['POST', () => `/api/admin/accounts/legacy/${b.memberId}/send-welcome-email`],
    [
      'POST',
      () => `/api/admin/accounts/legacy/${b.memberId}/payment`,
      { amountCents: 100, method: 'check', externalId: 'ext-1' },
    ],
    [
      'POST',
      () => `/api/admin/logistics/invitees/${b.inviteeId}/payment`,
      { amountCents: 100, method: 'check', externalId: 'ext-2' },
    ],
    ['POST', () => `/api/admin/logistics/invitees/${b.inviteeId}/complete-without-payment`, { reference: 'r' }],
    ['POST', () => `/api/admin/accounts/payments/${b.paymentId}/apply`],
    ['GET', () => `/api/admin/accounts/payments/${b.paymentId}/receipt.pdf`],
    ['GET', () => `/api/admin/accounts/${b.memberId}/membership`],
    ['POST', () => `/api/admin/accounts/${b.memberId}/certificate/revoke`, { reason: 'scope' }],
    ['POST', () => `/api/admin/accounts/${b.memberId}/certificate/reissue`],
  ] as const)('%s %s -> 404', async (method, url, payload?: object) => {
    const res = await t.request({ method, url: url(), cookie: advisor, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body.toLowerCase()).not.toContain(b.marker);
  });

  it('a chapter update of another chapter, and an account update of another chapter', async () => {
    const chapter = await t.request({
      method: 'PUT',
      url: `/api/admin/chapters/${b.chapterId}`,
      cookie: advisor,
      payload: chapterBody(b),
    });
    expect(chapter.statusCode).toBe(404);
    const account = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/${b.memberId}`,
      cookie: advisor,
      payload: accountBody(b, {}),
    });
    expect(account.statusCode).toBe(404);
  });
});

/** A chapter's input as seeded by seedMarkedChapter, with `change` on top. */
const chapterBody = (of: MarkedChapter, change: object = {}) => ({
  name: `Chapter ${of.marker}`,
  abbreviation: of.marker.slice(-10).toUpperCase(),
  institutionId: of.institutionId,
  address: {},
  invitationAdvisor1: { name: 'Dr. Advisor', title: 'Dean', department: 'Honors', email: 'dean@example.test' },
  invitationAdvisor2: {},
  invitationPresident: {},
  ...change,
});

const accountBody = (of: MarkedChapter, change: object) => ({
  firstName: of.marker,
  lastName: 'Member',
  email: `${of.marker}.member@example.test`,
  address: {},
  admin: false,
  active: true,
  institutionId: of.institutionId,
  chapterId: of.chapterId,
  ...change,
});

describe('what an advisor may not write', () => {
  const refused = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, message = OUTSIDE_SCOPE) => {
    const res = await t.request({ method, url, cookie: advisor, payload });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(message);
  };

  it('a row put into another chapter: 403', async () => {
    await refused('POST', '/api/admin/accounts', {
      ...accountBody(b, { email: 'new.one@example.test' }),
      password: 'New-account-pass-4410',
    });
    await refused('PUT', `/api/admin/accounts/${a.memberId}`, accountBody(a, { chapterId: b.chapterId }));
    await refused('POST', '/api/admin/calendar-events', {
      name: 'Elsewhere',
      eventStart: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      type: 'Chapter',
      chapterId: b.chapterId,
    });
    await refused('PATCH', `/api/admin/calendar-events/${a.eventUuid}`, { chapterId: b.chapterId });
  });

  it('a new chapter or institution, or a change of its institution: 403', async () => {
    const denied = await t.request({
      method: 'POST',
      url: '/api/admin/chapters',
      cookie: advisor,
      payload: chapterBody(a, { abbreviation: 'NEWC' }),
    });
    expect(denied.statusCode).toBe(403);
    const institution = await t.request({
      method: 'PUT',
      url: `/api/admin/institutions/${a.institutionId}`,
      cookie: advisor,
      payload: { name: 'Renamed', abbreviation: 'RN', type: 'Business', ownership: 'Public' },
    });
    expect(institution.statusCode).toBe(403);
  });

  it.each([
    ['institution', () => ({ institutionId: b.institutionId })],
    ['abbreviation', () => ({ abbreviation: 'OTHER' })],
    ['legacy id', () => ({ legacyId: 4242 })],
    ['status', () => ({ active: false })],
  ])("its chapter's identity (%s): 403", async (_name, change) => {
    await refused('PUT', `/api/admin/chapters/${a.chapterId}`, chapterBody(a, change()), CHAPTER_IDENTITY_FIXED);
  });

  it('its landing page content (leaders, testimonial, SCLA page) is saved', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/chapters/${a.chapterId}`,
      cookie: advisor,
      payload: chapterBody(a, { invitationTestimonialText: 'Best decision I made', sclaPage: 'https://example.org/a' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invitationTestimonialText: 'Best decision I made' });
  });
});

describe('an API key limited to chapters (issue 35 §7)', () => {
  it("sees only its chapters' rows, whatever its maker reaches", async () => {
    const { id: makerId } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('roles', '@>', sql<string[]>`array['ROLE_ADMIN']`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const key = await insertApiKey(t.db, makerId, ['accounts:read', 'invitees:read']);
    await t.db
      .updateTable('apiKeys')
      .set({ chapterIds: [a.chapterId] })
      .where('createdBy', '=', makerId)
      .execute();
    for (const url of ['/api/admin/accounts/legacy', '/api/admin/logistics/invitees']) {
      const res = await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.toLowerCase()).toContain(a.marker);
      expect(res.body.toLowerCase()).not.toContain(b.marker);
    }
    const other = await t.request({
      method: 'GET',
      url: `/api/admin/accounts/legacy/${b.memberId}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("a change of an advisor's chapters", () => {
  it('reaches its live session on the next request', async () => {
    const email = 'moving-advisor@example.test';
    const id = await makeScopedStaff(t.db, email, PASSWORD, ['ROLE_ADVISOR'], [a.chapterId]);
    const cookie = await t.signIn({ email, password: PASSWORD });
    const members = async () => (await get('/api/admin/accounts/legacy', cookie)).body.toLowerCase();
    expect(await members()).toContain(a.marker);
    await t.db
      .updateTable('accounts')
      .set({ chapterIds: [b.chapterId] })
      .where('id', '=', id)
      .execute();
    const after = await members();
    expect(after).toContain(b.marker);
    expect(after).not.toContain(a.marker);
  });
});
