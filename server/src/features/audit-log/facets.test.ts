import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

describe('the audit log facets', () => {
  it("offer every action the server writes, the second factor's included, so the Action filter can pick each", async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/tech/audit-log/facets', cookie });
    expect(res.statusCode).toBe(200);
    const { actions } = res.json() as { actions: string[] };
    expect(actions).toEqual(
      expect.arrayContaining([
        'create',
        'update',
        'delete',
        'sign-in',
        'password-reset',
        'two-factor-on',
        'two-factor-off',
        'two-factor-reset',
        'recovery-codes-replaced',
      ]),
    );
  });

  it('filter the list by a second-factor action', async () => {
    const me = (await t.request({ method: 'GET', url: '/api/public/account', cookie })).json() as { id: number };
    await t.db
      .insertInto('auditLog')
      .values({ accountId: me.id, action: 'two-factor-on', entity: 'accounts', entityId: String(me.id) })
      .execute();
    const res = await t.request({ method: 'GET', url: '/api/admin/tech/audit-log?action=two-factor-on', cookie });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { action: string }[] }).items;
    expect(items.map((i) => i.action)).toEqual(['two-factor-on']);
  });

  it("offer each entity by its screen's name, and the list names the records a row refers to", async () => {
    const me = (await t.request({ method: 'GET', url: '/api/public/account', cookie })).json() as { id: number };
    const inst = await t.db
      .insertInto('institutions')
      .values({
        name: 'Harbor Point College',
        abbreviation: 'HPC',
        type: 'College/University',
        ownership: 'Private',
        address: JSON.stringify({
          street1: null,
          street2: null,
          city: null,
          state: null,
          postalCode: null,
          country: 'US',
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('auditLog')
      .values([
        {
          accountId: me.id,
          action: 'update',
          entity: 'email_templates',
          entityId: '1',
          changes: JSON.stringify({ updated_by: { old: null, new: me.id } }),
        },
        { accountId: me.id, action: 'create', entity: 'institutions', entityId: String(inst.id) },
        { accountId: me.id, action: 'import', entity: 'import_rejected', entityId: '1' },
      ])
      .execute();
    const facets = await t.request({ method: 'GET', url: '/api/admin/tech/audit-log/facets', cookie });
    const { entities } = facets.json() as { entities: { value: string; label: string }[] };
    expect(entities).toEqual(
      expect.arrayContaining([
        { value: 'email_templates', label: 'Email Template' },
        { value: 'institutions', label: 'Institution' },
        { value: 'import_rejected', label: 'Rejected Import Rows' },
      ]),
    );
    expect(entities.map((e) => e.label)).toEqual([...entities.map((e) => e.label)].sort((a, b) => a.localeCompare(b)));

    const res = await t.request({ method: 'GET', url: '/api/admin/tech/audit-log?sort=id:desc', cookie });
    const items = (res.json() as { items: { entity: string; names: Record<string, string> }[] }).items;
    const byEntity = (entity: string) => items.find((i) => i.entity === entity)!;
    expect(byEntity('institutions').names).toEqual({ [`institutions:${inst.id}`]: 'Harbor Point College' });
    expect(byEntity('email_templates').names[`accounts:${me.id}`]).toMatch(/\S/);
    expect(byEntity('import_rejected').names).toEqual({});
  });
});
