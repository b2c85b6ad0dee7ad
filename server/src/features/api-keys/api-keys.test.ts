import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_INVALID } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
});
afterAll(() => t.close());

const address = { street1: '1 Key St', city: 'Lock', state: 'MI', postalCode: '48640', country: 'US' };
const institution = {
  name: 'Keyed College',
  abbreviation: 'KC',
  type: 'College/University',
  ownership: 'Private',
  financialModel: 'Non-Profit',
  religiousAffiliation: 'None',
  address,
};

async function makeKey(scopes: string[], name = 'Join site') {
  const res = await t.request({ method: 'POST', url: '/api/admin/tech/api-keys', payload: { name, scopes }, cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string; prefix: string; scopes: string[] };
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('API keys', () => {
  it('lists the scopes by admin area, read and write, with the calls each covers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/tech/api-keys/scopes', cookie });
    const area = (name: string) => res.json().items.find((a: { area: string }) => a.area === name);
    expect(area('institutions')).toMatchObject({
      label: 'Institutions',
      read: { scope: 'institutions:read' },
      write: { scope: 'institutions:write' },
    });
    expect(area('institutions').read.calls).toContain('GET /api/admin/institutions/:id');
    expect(area('institutions').write.calls).toContain('PUT /api/admin/institutions/:id');
    expect(area('invitees').read.calls.every((c: string) => c.startsWith('GET /api/admin/'))).toBe(true);
    expect(area('invitationEmails').label).toBe('Invitation emails');
    expect(res.json().items.some((a: { area: string }) => a.area === 'auth')).toBe(false); // no admin routes there
  });

  it('shows the key once and stores only its SHA-256 (hashed at rest), never in a list, an export or the audit log', async () => {
    const made = await makeKey(['institutions:read']);
    expect(made.key).toMatch(/^hsk_[\w-]{12}_[\w-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const row = await t.db.selectFrom('apiKeys').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(createHash('sha256').update(made.key).digest('hex'));
    const secret = made.key.slice(made.prefix.length + 1); // base64url: the secret may itself hold '_'
    const everywhere = [
      JSON.stringify(row),
      (await t.request({ method: 'GET', url: '/api/admin/tech/api-keys', cookie })).body,
      (await t.request({ method: 'GET', url: `/api/admin/tech/api-keys/${made.id}`, cookie })).body,
      (await t.request({ method: 'GET', url: '/api/admin/tech/api-keys/export', cookie })).body,
      (
        await sql<{
          text: string;
        }>`select coalesce(string_agg(coalesce(changes::text, '') || coalesce(detail::text, ''), ' '), '') as text from audit_log`.execute(
          t.db,
        )
      ).rows[0]!.text,
    ];
    for (const text of everywhere) expect(text).not.toContain(secret);
    expect(
      (await t.request({ method: 'GET', url: `/api/admin/tech/api-keys/${made.id}`, cookie })).json(),
    ).not.toHaveProperty('key');
  });

  it('refuses a scope that does not exist', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/tech/api-keys',
      payload: { name: 'x', scopes: ['nothing:read'] },
      cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['scopes']);
  });

  it('authenticates Authorization: Bearer on the admin API within its scopes: 403 JSON outside them', async () => {
    const { key } = await makeKey(['institutions:read']);
    const list = await t.request({ method: 'GET', url: '/api/admin/institutions', headers: bearer(key) });
    expect(list.statusCode, list.body).toBe(200);
    const create = await t.request({
      method: 'POST',
      url: '/api/admin/institutions',
      payload: institution,
      headers: bearer(key),
    });
    expect(create.statusCode).toBe(403);
    expect(create.headers['content-type']).toMatch(/^application\/json/);
    expect(create.json().message).toContain('institutions:write');
    const chapters = await t.request({ method: 'GET', url: '/api/admin/chapters', headers: bearer(key) });
    expect(chapters.statusCode).toBe(403);
    // Not the member area nor the signed-in calls: the admin API only.
    expect((await t.request({ method: 'GET', url: '/api/public/account', headers: bearer(key) })).statusCode).toBe(403);
  });

  it('answers the same 401 JSON for every way of being wrong: unknown, malformed, another secret, revoked, empty', async () => {
    const made = await makeKey(['institutions:read']);
    const ok = await t.request({ method: 'GET', url: '/api/admin/institutions', headers: bearer(made.key) });
    expect(ok.statusCode).toBe(200);
    const revoke = await t.request({ method: 'POST', url: `/api/admin/tech/api-keys/${made.id}/revoke`, cookie });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    const other = `${made.prefix}_${'A'.repeat(43)}`;
    const wrongs = [made.key, other, 'hsk_nope', 'garbage', '', `${made.key}x`];
    for (const key of wrongs) {
      const res = await t.request({
        method: 'GET',
        url: '/api/admin/institutions',
        headers: { authorization: `Bearer ${key}`.trim() },
      });
      expect(res.statusCode, key).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: API_KEY_INVALID });
    }
  });

  it('stops working when its maker is no longer active staff', async () => {
    const staff = await t.signIn({ email: 'keymaker@example.test' });
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/tech/api-keys',
      payload: { name: 'Theirs', scopes: ['institutions:read'] },
      cookie: staff,
    });
    const { key } = res.json();
    expect((await t.request({ method: 'GET', url: '/api/admin/institutions', headers: bearer(key) })).statusCode).toBe(
      200,
    );
    await t.db.updateTable('accounts').set({ admin: false }).where('email', '=', 'keymaker@example.test').execute();
    expect((await t.request({ method: 'GET', url: '/api/admin/institutions', headers: bearer(key) })).statusCode).toBe(
      401,
    );
  });

  it('records last used at most once a minute, and its calls in the audit log as the key', async () => {
    const made = await makeKey(['institutions:read', 'institutions:write'], 'Writer');
    for (let i = 0; i < 3; i++)
      await t.request({ method: 'GET', url: '/api/admin/institutions', headers: bearer(made.key) });
    const first = await t.db
      .selectFrom('apiKeys')
      .select('lastUsedAt')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(first.lastUsedAt).not.toBeNull();
    await t.request({ method: 'GET', url: '/api/admin/institutions', headers: bearer(made.key) });
    const again = await t.db
      .selectFrom('apiKeys')
      .select('lastUsedAt')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(again.lastUsedAt).toEqual(first.lastUsedAt); // within the minute: not written again

    const created = await t.request({
      method: 'POST',
      url: '/api/admin/institutions',
      payload: institution,
      headers: bearer(made.key),
    });
    expect(created.statusCode, created.body).toBe(201);
    const rows = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'institutions')
      .where('entityId', '=', String(created.json().id))
      .execute();
    expect(rows).toMatchObject([{ action: 'create', apiKeyId: made.id, accountId: null }]);
    // Using a key is not itself a change of the key: no audit rows for last_used_at.
    const keyRows = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'api_keys')
      .where('entityId', '=', String(made.id))
      .execute();
    expect(keyRows.map((r) => r.action)).toEqual(['create']);
  });
});
