import { vi } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../services/auth/api-keys.js';
import { OWN_ACCOUNT, STAFF_ACCESS } from '../../services/record-import/importer-rules.js';
import { multipart } from '../../test/multipart.js';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';

/*
 * Finding 4 of the security review (issue 34), as the review made it: admin A works, admin B imports on the
 * same pool (the job runs on the app's own database handle); every audit row of B's import names B, one row
 * per account created or changed. An import never changes the importer's own account, nor staff access
 * unless the importer may (a signed-in staff member may, an API key may not): those rows are rejected.
 */

let q: QueuedApp;
let cookieA: string;
let cookieB: string;
let adminA: number;
let adminB: number;
const URL = '/api/admin/imports';

const idOf = async (cookie: string) =>
  (await q.request({ method: 'GET', url: '/api/public/account', cookie })).json().id;

beforeAll(async () => {
  q = await createQueuedApp();
  cookieA = q.cookie;
  cookieB = await q.t.signIn({ email: 'b.importer@example.test' });
  adminA = await idOf(cookieA);
  adminB = await idOf(cookieB);
});
afterAll(() => q.close());

async function startImport(text: string, auth: { cookie?: string; key?: string }) {
  const up = await q.request({
    method: 'POST',
    url: '/api/shared/file',
    cookie: cookieB,
    ...multipart([
      { field: 'path', value: 'private/imports' },
      { file: 'accounts.csv', type: 'text/csv', bytes: Buffer.from(text) },
    ]),
  });
  expect(up.statusCode, up.body).toBe(201);
  const res = await q.request({
    method: 'POST',
    url: URL,
    payload: { kind: 'accounts', fileId: up.json()[0].id, dryRun: false },
    ...(auth.key ? { cookie: '', headers: { authorization: `Bearer ${auth.key}` } } : { cookie: auth.cookie }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const finished = (id: number) =>
  vi.waitFor(
    async () => {
      const body = (await q.request({ method: 'GET', url: `${URL}/${id}`, cookie: cookieB })).json();
      expect(['Done', 'Failed']).toContain(body.status);
      return body;
    },
    { timeout: 20_000, interval: 200 },
  );

const rowsOfImport = (id: number) =>
  q.t.db
    .selectFrom('auditLog')
    .select(['accountId', 'apiKeyId', 'action', 'entity', 'entityId', 'changes'])
    .where((eb) =>
      eb.or([
        eb('detail', '@>', JSON.stringify({ importId: id }) as never),
        eb.and([eb('entity', '=', 'imports'), eb('entityId', '=', String(id))]),
      ]),
    )
    .orderBy('id')
    .execute();

const account = (email: string) =>
  q.t.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('an import in the audit trail', () => {
  it("names its importer on every row, one per account created or changed, even right after another admin's request", async () => {
    await q.t.db
      .insertInto('accounts')
      .values({ firstName: 'Old', lastName: 'Member', email: 'old.member@example.test', admin: false, address: '{}' })
      .execute();
    const id = await startImport(
      `First Name,Last Name,Email
New,Member,new.member@example.test
Renamed,Member,old.member@example.test
`,
      { cookie: cookieB },
    );
    // Admin A works on the same pool while B's import waits for (or runs in) its job.
    const a = await q.request({
      method: 'POST',
      url: '/api/admin/institutions',
      cookie: cookieA,
      payload: { name: 'A Was Here', abbreviation: 'AWH', type: 'College/University', ownership: 'Public' },
    });
    expect(a.statusCode, a.body).toBe(201);
    const done = await finished(id);
    expect([done.status, done.countCreated, done.countUpdated]).toEqual(['Done', 1, 1]);

    const rows = await rowsOfImport(id);
    const created = await account('new.member@example.test');
    const renamed = await account('old.member@example.test');
    expect(rows).toEqual([
      expect.objectContaining({ accountId: adminB, action: 'import', entity: 'imports' }),
      expect.objectContaining({ accountId: adminB, action: 'update', entityId: String(renamed.id) }),
      expect.objectContaining({ accountId: adminB, action: 'create', entityId: String(created.id) }),
    ]);
    expect(rows[1]!.changes).toMatchObject({ firstName: { old: 'Old', new: 'Renamed' } });
    const ofA = await q.t.db
      .selectFrom('auditLog')
      .select('entity')
      .where('accountId', '=', adminA)
      .where('action', 'in', ['create', 'update'])
      .execute();
    expect(ofA.map((r) => r.entity)).not.toContain('accounts');
  });

  it("rejects a row that would change the importer's own account, with the reason; nothing changes", async () => {
    const id = await startImport(`First Name,Last Name,Email\nSneaky,Rename,b.importer@example.test\n`, {
      cookie: cookieB,
    });
    const done = await finished(id);
    expect([done.countUpdated, done.countRejected]).toEqual([0, 1]);
    expect(done.firstRejected).toEqual([expect.objectContaining({ rowNumber: 2, reason: OWN_ACCOUNT })]);
    expect((await account('b.importer@example.test')).firstName).toBe('Ada');
  });

  it("through an API key: staff access is not the key's to change (each such row rejected, nothing changed); a signed-in admin may", async () => {
    await q.t.db
      .insertInto('accounts')
      .values([
        { firstName: 'Sam', lastName: 'Staff', email: 'sam.staff@example.test', admin: true, address: '{}' },
        { firstName: 'Mo', lastName: 'Member', email: 'mo.member@example.test', admin: false, address: '{}' },
      ])
      .execute();
    const { key, lookupId, secretHash } = generateApiKey();
    const { id: keyId } = await q.t.db
      .insertInto('apiKeys')
      .values({ name: 'Importer', lookupId, secretHash, scopes: ['imports:write', 'imports:read'], createdBy: adminB })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = `First Name,Last Name,Email,Admin,Active
Sam,Staff,sam.staff@example.test,Yes,No
Mo,Member,mo.member@example.test,Yes,Yes
Neo,Staff,neo.staff@example.test,Yes,Yes
Plain,Person,plain.person@example.test,No,Yes
`;
    const byKey = await finished(await startImport(file, { key }));
    expect([byKey.countCreated, byKey.countUpdated, byKey.countRejected]).toEqual([1, 0, 3]);
    expect(byKey.firstRejected.map((r: { rowNumber: number; reason: string }) => [r.rowNumber, r.reason])).toEqual([
      [2, STAFF_ACCESS],
      [3, STAFF_ACCESS],
      [4, STAFF_ACCESS],
    ]);
    expect((await account('sam.staff@example.test')).active).toBe(true);
    expect((await account('mo.member@example.test')).admin).toBe(false);
    expect(
      await q.t.db.selectFrom('accounts').select('id').where('email', '=', 'neo.staff@example.test').execute(),
    ).toEqual([]);
    // The key's import is audited as the key's.
    const rows = await rowsOfImport(byKey.id);
    expect(rows.map((r) => [r.apiKeyId, r.accountId, r.action])).toEqual([
      [keyId, null, 'import'],
      [keyId, null, 'create'],
    ]);

    const bySession = await finished(await startImport(file, { cookie: cookieB }));
    expect([bySession.countCreated, bySession.countUpdated, bySession.countRejected]).toEqual([1, 2, 0]);
    expect((await account('sam.staff@example.test')).active).toBe(false);
    expect((await account('mo.member@example.test')).admin).toBe(true);
  });
});
