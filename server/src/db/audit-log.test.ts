import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../test/helper.js';
import { writeAuditRow } from '../services/audit/write-audit-row.js';
import { auditActors } from './audit-context.js';

let t: TestApp;
let cookie: string;
let staffId: number;
beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
  staffId = (await t.request({ method: 'GET', url: '/api/public/account', cookie })).json().id;
});
afterAll(() => t.close());

const institution = {
  name: 'Audit University',
  abbreviation: 'AU',
  type: 'College/University',
  ownership: 'Private',
  financialModel: 'Non-Profit',
  religiousAffiliation: 'None',
  legacyId: 4242,
  website: 'https://audit.example.edu',
  population: '1000',
  address: { street1: '1 Ledger Way', city: 'Midland', state: 'MI', postalCode: '48640', country: 'US' },
};

const rowsOf = (entity: string, id: number) =>
  t.db
    .selectFrom('auditLog' as never)
    .selectAll()
    .where('entity' as never, '=', entity as never)
    .where('entityId' as never, '=', String(id) as never)
    .orderBy('id' as never)
    .execute() as Promise<
    {
      accountId: number | null;
      apiKeyId: number | null;
      address: string | null;
      action: string;
      entity: string;
      entityId: string;
      changes: Record<string, { old: unknown; new: unknown }> | null;
    }[]
  >;

describe('the audit trail', () => {
  it("writes one row per staff change: who, from where, what, and an update's changed fields old and new", async () => {
    const created = (
      await t.request({ method: 'POST', url: '/api/admin/institutions', payload: institution, cookie })
    ).json();
    const upd = await t.request({
      method: 'PUT',
      url: `/api/admin/institutions/${created.id}`,
      payload: { ...institution, name: 'Audit U', population: '2000' },
      cookie,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const rows = await rowsOf('institutions', created.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    for (const r of rows)
      expect(r).toMatchObject({
        accountId: staffId,
        apiKeyId: null,
        address: '127.0.0.1',
        entityId: String(created.id),
      });
    expect(rows[1]!.changes).toEqual({
      name: { old: 'Audit University', new: 'Audit U' },
      population: { old: '1000', new: '2000' },
    });
  });

  it('audits an export: who, which list, the file and its filters', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/institutions/export?search=Audit&sort=name:asc',
      cookie,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'export')
      .where('entity', '=', 'institutions')
      .execute();
    expect(row).toMatchObject({
      accountId: staffId,
      entityId: null,
      detail: {
        file: expect.stringMatching(/^institutions-\d{4}-\d\d-\d\d\.csv$/),
        filters: { search: 'Audit', sort: 'name:asc' },
      },
    });
  });

  it('never keeps a password or its hash', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/accounts',
      payload: {
        firstName: 'Ada',
        lastName: 'Audit',
        email: 'ada.audit@example.test',
        password: 'correct horse',
        address: institution.address,
      },
      cookie,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    const reset = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/${id}/reset-password`,
      payload: { newPassword: 'battery staple', confirmPassword: 'battery staple' },
      cookie,
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const { passwordHash } = await t.db
      .selectFrom('accounts')
      .select('passwordHash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const all = (
      await sql<{ text: string }>`select coalesce(string_agg(changes::text, ' '), '') as text from audit_log`.execute(
        t.db,
      )
    ).rows[0]!.text;
    expect(all).not.toContain(passwordHash!);
    expect(all).not.toMatch(/correct horse|battery staple|password/i);
    expect((await rowsOf('accounts', id)).map((r) => r.action)[0]).toBe('create');
  });

  it('audits nothing written outside a staff request (jobs, scripts)', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.db)).rows[0]!.n;
    await t.db.updateTable('institutions').set({ population: '7' }).execute();
    expect((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.db)).rows[0]!.n).toBe(before);
  });

  it('cannot be changed or deleted, except by the retention purge', async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(t.db)).rejects.toThrow(
      'audit_log rows cannot be changed',
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow('audit_log rows cannot be changed');
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow('audit_log rows cannot be changed');
  });

  it("writes an explicit row for the request's actor (or a given one), dropping any key that names a secret", async () => {
    const actor = { accountId: staffId, apiKeyId: null, address: '10.0.0.9' };
    await auditActors.run(actor, () =>
      writeAuditRow(t.db, {
        action: 'sign-in',
        entity: 'accounts',
        entityId: staffId,
        detail: { email: 'a@b.c', password: 'pw', nested: { apiToken: 'x', kept: 1 } },
      }),
    );
    await writeAuditRow(
      t.db,
      { action: 'sign-in-failed', entity: 'accounts', detail: { email: 'x@y.z' } },
      { accountId: null, apiKeyId: null, address: '10.0.0.10' },
    );
    // The sign-in of beforeAll has its own row (from 127.0.0.1): only these two are looked at.
    const rows = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', 'in', ['sign-in', 'sign-in-failed'])
      .where('address', 'in', ['10.0.0.9', '10.0.0.10'])
      .orderBy('id')
      .execute();
    expect(rows).toMatchObject([
      {
        accountId: staffId,
        address: '10.0.0.9',
        entity: 'accounts',
        entityId: String(staffId),
        changes: null,
        detail: { email: 'a@b.c', nested: { kept: 1 } },
      },
      { accountId: null, address: '10.0.0.10', entityId: null, detail: { email: 'x@y.z' } },
    ]);
  });
});
