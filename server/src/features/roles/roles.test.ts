import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_NO_STAFF_CHANGE,
  API_KEY_SCOPES_NOT_HELD,
  BUILT_IN_ROLES,
  LAST_ADMIN,
  PERMISSIONS_NOT_HELD,
  ROLE_BUILT_IN,
  ROLE_IN_USE,
  ROLES_NOT_HELD,
  forbiddenMessage,
} from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { insertApiKey } from '../../test/api-key-fixtures.js';
import { knownScopes } from '../../services/auth/api-key-scopes.js';
import { freshRoles, permissionsOf, ROLES_CACHE_MS } from '../../services/auth/role-table.js';

let t: TestApp;
let admin: string;
const ROLES = '/api/admin/tech/roles';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'roles-admin@example.test' });
});
afterAll(() => t?.close());

const idOf = async (email: string) =>
  (await t.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const person = (email: string) => ({
  firstName: 'Pat',
  lastName: 'Staff',
  email,
  address: {},
  admin: true,
  active: true,
});
const putAccount = (id: number, payload: object, cookie = admin) =>
  t.request({ method: 'PUT', url: `/api/admin/accounts/${id}`, payload, cookie });
const me = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/public/account', cookie })).json();

describe('roles: the built-in ones, and the permissions they draw from', () => {
  it('lists the six built-in roles: ROLE_ADMIN everything, ROLE_AUDITOR every read and nothing else', async () => {
    const { items } = (await t.request({ method: 'GET', url: ROLES, cookie: admin })).json();
    const byName = new Map(items.map((r: { name: string }) => [r.name, r]));
    for (const name of BUILT_IN_ROLES) expect(byName.get(name), name).toMatchObject({ builtIn: true });
    expect((byName.get('ROLE_ADMIN') as { permissions: string[] }).permissions).toEqual([...knownScopes].sort());
    const auditor = (byName.get('ROLE_AUDITOR') as { permissions: string[] }).permissions;
    expect(auditor).toContain('auditLog:read');
    expect(auditor.every((p) => p.endsWith(':read'))).toBe(true);
    expect(byName.get('ROLE_ADVISOR')).toMatchObject({ chapterScoped: true });
    expect((byName.get('ROLE_MEMBERSHIP') as { permissions: string[] }).permissions).not.toContain('roles:write');
  });

  it('lists every permission by area with the calls it covers, exports apart', async () => {
    const { items } = (await t.request({ method: 'GET', url: '/api/admin/tech/permissions', cookie: admin })).json();
    const accounts = items.find((a: { area: string }) => a.area === 'accounts');
    expect(accounts.export.calls).toEqual(['GET /api/admin/accounts/legacy/export']);
    expect(accounts.read.calls).not.toContain('GET /api/admin/accounts/legacy/export');
    expect(items.find((a: { area: string }) => a.area === 'roles').write.calls).toContain('POST /api/admin/tech/roles');
  });

  it('answers roles, permissions and chapters on GET /api/public/account', async () => {
    const auditor = await t.signIn({ email: 'auditor@example.test', roles: ['ROLE_AUDITOR'] });
    const body = await me(auditor);
    expect(body.roles).toEqual(['ROLE_USER', 'ROLE_AUDITOR']);
    expect(body.permissions).toContain('auditLog:read');
    expect(body.permissions).not.toContain('accounts:write');
    expect(body.chapterIds).toEqual([]);
    expect((await me(admin)).permissions).toEqual([...knownScopes].sort());
    const bare = await t.signIn({ email: 'no-role@example.test', roles: [] });
    expect((await me(bare)).permissions).toEqual([]);
    // A staff account with no role sees only its profile.
    expect((await t.request({ method: 'GET', url: '/api/admin/institutions', cookie: bare })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/profile/two-factor', cookie: bare })).statusCode).toBe(
      200,
    );
  });
});

describe('roles: create, update, delete', () => {
  it('makes, renames (carrying holders over) and deletes a role only while nobody holds it', async () => {
    const made = await t.request({
      method: 'POST',
      url: ROLES,
      cookie: admin,
      payload: {
        name: 'ROLE_EDITOR',
        description: 'Edits',
        permissions: ['emailTemplates:read', 'emailTemplates:write'],
      },
    });
    expect(made.statusCode).toBe(201);
    const role = made.json();
    expect(role).toMatchObject({ name: 'ROLE_EDITOR', builtIn: false, chapterScoped: false, accounts: 0 });
    const again = await t.request({ method: 'POST', url: ROLES, cookie: admin, payload: { name: 'ROLE_EDITOR' } });
    expect(again.statusCode).toBe(409);
    const bad = await t.request({
      method: 'POST',
      url: ROLES,
      cookie: admin,
      payload: { name: 'ROLE_X', permissions: ['nope:read'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('There is no permission nope:read');

    await t.signIn({ email: 'editor@example.test', roles: ['ROLE_EDITOR'] });
    const renamed = await t.request({
      method: 'PUT',
      url: `${ROLES}/${role.id}`,
      cookie: admin,
      payload: { name: 'ROLE_WRITER', permissions: ['emailTemplates:read'] },
    });
    expect(renamed.json()).toMatchObject({ name: 'ROLE_WRITER', accounts: 1, permissions: ['emailTemplates:read'] });
    const holder = await t.db
      .selectFrom('accounts')
      .select('roles')
      .where('email', '=', 'editor@example.test')
      .executeTakeFirstOrThrow();
    expect(holder.roles).toEqual(['ROLE_USER', 'ROLE_WRITER']);

    const inUse = await t.request({ method: 'DELETE', url: `${ROLES}/${role.id}`, cookie: admin });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(ROLE_IN_USE);
    await t.db
      .updateTable('accounts')
      .set({ roles: ['ROLE_USER'] })
      .where('email', '=', 'editor@example.test')
      .execute();
    expect((await t.request({ method: 'DELETE', url: `${ROLES}/${role.id}`, cookie: admin })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `${ROLES}/${role.id}`, cookie: admin })).statusCode).toBe(404);
  });

  it('keeps built-in roles: not deletable, ROLE_ADMIN always everything', async () => {
    const { items } = (await t.request({ method: 'GET', url: ROLES, cookie: admin })).json();
    const adminRole = items.find((r: { name: string }) => r.name === 'ROLE_ADMIN');
    const del = await t.request({ method: 'DELETE', url: `${ROLES}/${adminRole.id}`, cookie: admin });
    expect(del.json()).toEqual({ message: ROLE_BUILT_IN });
    const narrowed = await t.request({
      method: 'PUT',
      url: `${ROLES}/${adminRole.id}`,
      cookie: admin,
      payload: { name: 'ROLE_ADMIN', permissions: ['accounts:read'] },
    });
    expect(narrowed.statusCode).toBe(409);
    const described = await t.request({
      method: 'PUT',
      url: `${ROLES}/${adminRole.id}`,
      cookie: admin,
      payload: { name: 'ROLE_ADMIN', description: 'All of it', permissions: [...knownScopes] },
    });
    expect(described.json()).toMatchObject({ description: 'All of it', permissions: [...knownScopes].sort() });
  });
});

describe('no escalation (issue 35 §4)', () => {
  let staffer: string;
  let stafferRoleId: number;
  beforeAll(async () => {
    const permissions = ['roles:read', 'roles:write', 'accounts:read', 'accounts:write', 'apiKeys:write'];
    const res = await t.request({
      method: 'POST',
      url: ROLES,
      cookie: admin,
      payload: { name: 'ROLE_STAFFER', permissions },
    });
    stafferRoleId = res.json().id;
    staffer = await t.signIn({ email: 'staffer@example.test', roles: ['ROLE_STAFFER'] });
  });

  it('nobody gives a role a permission they do not hold (403, audited)', async () => {
    const res = await t.request({
      method: 'POST',
      url: ROLES,
      cookie: staffer,
      payload: { name: 'ROLE_SNOOP', permissions: ['accounts:read', 'auditLog:read'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`${PERMISSIONS_NOT_HELD}: auditLog:read`);
    const widen = await t.request({
      method: 'PUT',
      url: `${ROLES}/${stafferRoleId}`,
      cookie: staffer,
      payload: { name: 'ROLE_STAFFER', permissions: ['roles:read', 'roles:write', 'accounts:export'] },
    });
    expect(widen.statusCode).toBe(403);
    const audited = await t.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'forbidden')
      .where('accountId', '=', await idOf('staffer@example.test'))
      .execute();
    expect(audited.map((a) => (a.detail as { operation: string }).operation)).toEqual(
      expect.arrayContaining(['POST /api/admin/tech/roles', 'PUT /api/admin/tech/roles/:id']),
    );
  });

  it('nobody gives an account a role whose permissions they do not hold; the same role they may', async () => {
    await t.signIn({ email: 'target@example.test', roles: [] });
    const target = await idOf('target@example.test');
    const up = await putAccount(
      target,
      { ...person('target@example.test'), roles: ['ROLE_USER', 'ROLE_ADMIN'] },
      staffer,
    );
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(`${ROLES_NOT_HELD}: ROLE_ADMIN`);
    const same = await putAccount(
      target,
      { ...person('target@example.test'), roles: ['ROLE_USER', 'ROLE_STAFFER'] },
      staffer,
    );
    expect(same.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_STAFFER'] });
  });

  it('changing roles needs roles:write; accounts:write alone edits only what is not staff access', async () => {
    const membership = await t.signIn({ email: 'membership@example.test', roles: ['ROLE_MEMBERSHIP'] });
    const target = await idOf('target@example.test');
    const res = await putAccount(target, { ...person('target@example.test'), roles: ['ROLE_USER'] }, membership);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(forbiddenMessage('roles:write'));
    const rename = await putAccount(target, { ...person('target@example.test'), lastName: 'Renamed' }, membership);
    expect(rename.json()).toMatchObject({ lastName: 'Renamed', roles: ['ROLE_USER', 'ROLE_STAFFER'] });
    const reset = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/${target}/reset-password`,
      cookie: membership,
      payload: { newPassword: 'taken over!', confirmPassword: 'taken over!' },
    });
    expect(reset.statusCode).toBe(403);
  });

  it("an API key reads roles but never changes them, nor an account's roles", async () => {
    const id = await idOf('roles-admin@example.test');
    const key = await insertApiKey(t.db, id, ['roles:read', 'roles:write', 'accounts:write']);
    const headers = { authorization: `Bearer ${key}` };
    expect((await t.request({ method: 'GET', url: ROLES, headers })).statusCode).toBe(200);
    const made = await t.request({ method: 'POST', url: ROLES, headers, payload: { name: 'ROLE_BY_KEY' } });
    expect(made.json()).toEqual({ message: API_KEY_NO_STAFF_CHANGE });
    const target = await idOf('target@example.test');
    const changed = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/${target}`,
      headers,
      payload: { ...person('target@example.test'), roles: ['ROLE_USER'] },
    });
    expect(changed.json()).toEqual({ message: API_KEY_NO_STAFF_CHANGE });
  });

  it('nobody gives an API key a permission they do not hold', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/tech/api-keys',
      cookie: staffer,
      payload: { name: 'Wider', scopes: ['accounts:read', 'accounts:export'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`${API_KEY_SCOPES_NOT_HELD}: accounts:export`);
  });

  it('the last active account holding ROLE_ADMIN keeps it and stays active', async () => {
    const solo = await createTestApp();
    try {
      const cookie = await solo.signIn({ email: 'solo@example.test' });
      const id = (
        await solo.db
          .selectFrom('accounts')
          .select('id')
          .where('email', '=', 'solo@example.test')
          .executeTakeFirstOrThrow()
      ).id;
      const res = await solo.request({
        method: 'PUT',
        url: `/api/admin/accounts/${id}`,
        cookie,
        payload: { ...person('solo@example.test'), roles: ['ROLE_USER', 'ROLE_AUDITOR'] },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LAST_ADMIN);
      await solo.signIn({ email: 'second@example.test' });
      const now = await solo.request({
        method: 'PUT',
        url: `/api/admin/accounts/${id}`,
        cookie,
        payload: { ...person('solo@example.test'), roles: ['ROLE_USER', 'ROLE_AUDITOR'] },
      });
      expect(now.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_AUDITOR'] });
    } finally {
      await solo.close();
    }
  });
});

describe('a change of permissions reaches live sessions', () => {
  it('on their next request, whether the account or its role changed', async () => {
    const made = await t.request({
      method: 'POST',
      url: ROLES,
      cookie: admin,
      payload: { name: 'ROLE_READER', permissions: ['institutions:read', 'chapters:read'] },
    });
    const reader = await t.signIn({ email: 'reader@example.test', roles: ['ROLE_READER'] });
    const list = () => t.request({ method: 'GET', url: '/api/admin/institutions', cookie: reader });
    expect((await list()).statusCode).toBe(200);
    await t.request({
      method: 'PUT',
      url: `${ROLES}/${made.json().id}`,
      cookie: admin,
      payload: { name: 'ROLE_READER', permissions: ['chapters:read'] },
    });
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to see institutions' });
    const id = await idOf('reader@example.test');
    await putAccount(id, { ...person('reader@example.test'), roles: ['ROLE_USER', 'ROLE_AUDITOR'] });
    expect((await list()).statusCode).toBe(200);
  });

  it('another instance reloads the roles within ROLES_CACHE_MS, without a query per request', async () => {
    const at = Date.now() + 10 * ROLES_CACHE_MS;
    await freshRoles(t.db, at);
    await t.db
      .updateTable('roles')
      .set({ permissions: ['files:write'] })
      .where('name', '=', 'ROLE_CONTENT')
      .execute();
    await freshRoles(t.db, at + ROLES_CACHE_MS - 1);
    expect(permissionsOf(['ROLE_CONTENT']).has('files:write')).toBe(true);
    expect(permissionsOf(['ROLE_CONTENT']).size).toBeGreaterThan(1); // not yet reloaded
    await freshRoles(t.db, at + ROLES_CACHE_MS);
    expect([...permissionsOf(['ROLE_CONTENT'])]).toEqual(['files:write']);
  });
});
