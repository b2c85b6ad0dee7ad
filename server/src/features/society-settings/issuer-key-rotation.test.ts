import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { revokedBit, verifyJws } from '../../test/badge-verify.js';
import { forgetRoles } from '../../services/auth/role-table.js';
import { jobRecorder } from '../../test/job-recorder.js';

const BASE = 'https://members.example.org';
const ROTATE = '/api/admin/tech/settings/issuer-key/rotate';

let t: TestApp;
let admin: string;
let reader: string;
let member: { id: number; cookie: string };
let jobs: ReturnType<typeof jobRecorder>;
beforeAll(async () => {
  ({ t, cookie: admin } = await createSignedInApp({ PUBLIC_URL: BASE }));
  // A leaked key's rotation queues the members' emails (services/badges/reissue-notice.test.ts sends them).
  t.app.jobs = jobs = jobRecorder(t);
  await t.db
    .insertInto('roles')
    .values({ name: 'ROLE_T_SETTINGS_READER', permissions: ['settings:read'], chapterScoped: false })
    .execute();
  forgetRoles();
  reader = await t.signIn({ email: 'settings-reader@example.test', roles: ['ROLE_T_SETTINGS_READER'] });
  const email = 'badge-holder@example.edu';
  const cookie = await t.signIn({ admin: false, email });
  const { id } = await t.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  member = { id, cookie };
});
afterAll(() => t.close());

/** The member finishes a program and looks at their badges (which issues it); answers that badge. */
async function finish(name: string) {
  const program = await t.db
    .insertInto('programs')
    .values({ name, slug: name.toLowerCase().replace(/\W+/g, '-'), summary: `${name}: a chapter project.` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('learningProgramProgress')
    .values({ accountId: member.id, programId: program.id, finishedAt: new Date('2026-05-01T10:00:00Z') })
    .execute();
  const badges = (await t.request({ method: 'GET', url: '/api/member/badges', cookie: member.cookie })).json();
  return badges.find((b: { name: string }) => b.name === name) as { id: string; name: string };
}

const jwtOf = async (id: string) =>
  (await t.request({ method: 'GET', url: `/badges/${id}`, cookie: '', headers: { accept: 'application/vc+jwt' } }))
    .body;
const statusIndexOf = async (id: string) =>
  Number(
    (
      await t.request({ method: 'GET', url: `/badges/${id}`, cookie: '', headers: { accept: 'application/ld+json' } })
    ).json().credentialStatus.statusListIndex,
  );
const issuer = async () => (await t.request({ method: 'GET', url: '/issuer', cookie: '' })).json();
const settings = async () =>
  (await t.request({ method: 'GET', url: '/api/admin/tech/settings', cookie: admin })).json();
const rotate = (payload: object, cookie = admin) => t.request({ method: 'POST', url: ROTATE, payload, cookie });

describe('rotating the Open Badges issuer key (issue 38 §4)', () => {
  let first: { id: string };
  let second: { id: string };

  it('refuses an account that may only read the settings, and changes nothing', async () => {
    first = await finish('Leadership Lab');
    const res = await rotate({}, reader);
    expect(res.statusCode, res.body).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/tech/settings', cookie: reader })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: ROTATE, payload: {}, cookie: '' })).statusCode).toBe(401);
    expect((await settings()).issuerKeys.map((k: { name: string }) => k.name)).toEqual(['key-1']);
  });

  it('signs new badges with key-2 while a badge signed before still verifies with key-1; audited', async () => {
    const before = await verifyJws(t.request, await jwtOf(first.id));
    expect(before.ok).toBe(true);
    expect(before.header.kid).toBe(`${BASE}/issuer/key-1`);

    const res = await rotate({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key: 'key-2', previous: 'key-1', revoked: 0, reissued: 0 });

    const after = await verifyJws(t.request, await jwtOf(first.id));
    expect(after.ok).toBe(true);
    expect(after.header.kid).toBe(`${BASE}/issuer/key-1`);
    expect(await revokedBit(t.request, await statusIndexOf(first.id))).toBe(0);

    second = await finish('Service Lab');
    const signed = await verifyJws(t.request, await jwtOf(second.id));
    expect(signed.ok).toBe(true);
    expect(signed.header.kid).toBe(`${BASE}/issuer/key-2`);
    const list = (
      await t.request({
        method: 'GET',
        url: '/status/revocation',
        cookie: '',
        headers: { accept: 'application/vc+jwt' },
      })
    ).body;
    expect((await verifyJws(t.request, list)).header.kid).toBe(`${BASE}/issuer/key-2`);

    const profile = await issuer();
    const ids = [`${BASE}/issuer/key-1`, `${BASE}/issuer/key-2`];
    expect(profile.verificationMethod.map((m: { id: string }) => m.id)).toEqual(ids);
    expect(profile.assertionMethod).toEqual(ids);
    expect(profile.verificationMethod[0]).toMatchObject({ type: 'JsonWebKey', controller: `${BASE}/issuer` });
    expect(profile.publicKey.id).toBe(ids[1]);
    expect(JSON.stringify(profile)).not.toContain('"d"');

    const audit = await t.db
      .selectFrom('auditLog')
      .innerJoin('accounts as a', 'a.id', 'auditLog.accountId')
      .select(['auditLog.entity', 'auditLog.entityId', 'auditLog.detail', 'a.email'])
      .where('action', '=', 'issuer-key-rotated')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        entity: 'issuer_keys',
        entityId: 'key-2',
        detail: { previous: 'key-1', leaked: false, revoked: 0, reissued: 0 },
      }),
    ]);

    const s = await settings();
    expect(s.issuerKey.kid).toBe(`${BASE}/issuer/key-2`);
    expect(s.issuerKeys).toEqual([
      expect.objectContaining({ name: 'key-1', current: false, withdrawnAt: null, liveBadges: 1 }),
      expect.objectContaining({ name: 'key-2', current: true, withdrawnAt: null, liveBadges: 1 }),
    ]);
  });

  it('withdraws a leaked key: its badges revoked in the status list and reissued signed by the new key', async () => {
    const res = await rotate({ leaked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key: 'key-3', previous: 'key-2', revoked: 1, reissued: 1 });
    expect(jobs.names()).toEqual(['deliver-emails']);

    expect(await revokedBit(t.request, await statusIndexOf(second.id))).toBe(1);
    const gone = await t.request({ method: 'GET', url: '/issuer/key-2', cookie: '' });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('withdrawn');
    const page = await t.request({
      method: 'GET',
      url: `/badges/${second.id}`,
      cookie: '',
      headers: { accept: 'text/html' },
    });
    expect(page.body).toContain('Revoked');

    const badges = (await t.request({ method: 'GET', url: '/api/member/badges', cookie: member.cookie })).json();
    expect(badges.map((b: { name: string }) => b.name).sort()).toEqual(['Leadership Lab', 'Service Lab']);
    const reissued = badges.find((b: { name: string }) => b.name === 'Service Lab');
    expect(reissued.id).not.toBe(second.id);
    expect(reissued.revoked).toBe(false);
    const signed = await verifyJws(t.request, await jwtOf(reissued.id));
    expect(signed.ok).toBe(true);
    expect(signed.header.kid).toBe(`${BASE}/issuer/key-3`);
    expect(signed.payload.vc.issuanceDate).toBe('2026-05-01T10:00:00Z');
    expect(await revokedBit(t.request, await statusIndexOf(reissued.id))).toBe(0);
    // key-1 did not leak: its badge stands and verifies.
    expect((await verifyJws(t.request, await jwtOf(first.id))).ok).toBe(true);

    const profile = await issuer();
    expect(profile.verificationMethod[1]).toMatchObject({ id: `${BASE}/issuer/key-2`, revoked: expect.any(String) });
    expect(profile.assertionMethod).toEqual([`${BASE}/issuer/key-1`, `${BASE}/issuer/key-3`]);
    expect((await settings()).issuerKeys).toEqual([
      expect.objectContaining({ name: 'key-1', liveBadges: 1, withdrawnAt: null }),
      expect.objectContaining({ name: 'key-2', liveBadges: 0, withdrawnAt: expect.any(String) }),
      expect.objectContaining({ name: 'key-3', current: true, liveBadges: 1 }),
    ]);
  });

  it('makes one key per rotation when two run at once', async () => {
    const [a, b] = await Promise.all([rotate({}), rotate({})]);
    expect([a.json().key, b.json().key].sort()).toEqual(['key-4', 'key-5']);
    expect((await t.request({ method: 'GET', url: '/issuer/key-9', cookie: '' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/issuer/nope', cookie: '' })).statusCode).toBe(404);
  });
});
