import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';
import { makeAccount } from '../../test/accounts.js';

/** Issue 36 §5: staff set the FERPA directory opt-out of an invitee and of an account; the lists show it. */
let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t?.close());

describe('directory opt-out', () => {
  it("is set and cleared on an invitee, audited, and shown in the invitation's list", async () => {
    const { invitationId, inviteeIds } = await seedJoinInvitation(t.db, {
      invitees: [{ code: 'OPT-1', email: 'opt.out@students.example' }],
    });
    const id = inviteeIds[0]!;
    const url = `/api/admin/logistics/invitees/${id}/directory-opt-out`;
    const set = await t.request({ method: 'PATCH', url, cookie, payload: { directoryOptOut: true } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id, directoryOptOut: true, email: 'opt.out@students.example' });
    const list = await t.request({
      method: 'GET',
      url: `/api/admin/logistics/invitations/${invitationId}/invitees`,
      cookie,
    });
    expect(list.json().items[0]).toMatchObject({ id, directoryOptOut: true });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('entity', '=', 'invitees')
      .where('entityId', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'update', detail: { directoryOptOut: { old: false, new: true } } });

    const cleared = await t.request({ method: 'PATCH', url, cookie, payload: { directoryOptOut: false } });
    expect(cleared.json().directoryOptOut).toBe(false);

    const bad = await t.request({ method: 'PATCH', url, cookie, payload: { directoryOptOut: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Directory opt-out must be true or false');
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/admin/logistics/invitees/99999999/directory-opt-out',
      cookie,
      payload: { directoryOptOut: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("is set on an account's Edit panel, and left as it is when the body leaves it out", async () => {
    const { id } = await makeAccount(t.db, { email: 'ferpa.account@example.test' });
    const body = { firstName: 'Fay', lastName: 'Ferpa', email: 'ferpa.account@example.test', address: {} };
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/admin/accounts/${id}`, cookie, payload });
    expect((await put({ ...body, directoryOptOut: true })).statusCode).toBe(200);
    const get = () => t.request({ method: 'GET', url: `/api/admin/accounts/${id}`, cookie }).then((r) => r.json());
    expect((await get()).directoryOptOut).toBe(true);
    expect((await put(body)).statusCode).toBe(200);
    expect((await get()).directoryOptOut).toBe(true);
    const list = await t.request({ method: 'GET', url: '/api/admin/accounts?search=ferpa.account', cookie });
    expect(list.json().items).toEqual([expect.objectContaining({ id, directoryOptOut: true })]);
  });
});
