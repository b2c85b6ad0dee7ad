import { vi } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';

/*
 * The imports API end to end: upload, preview, a dry run and a real run through the job queue, the
 * list, the detail and the rejected rows' CSV, and files the import refuses (never a 500).
 */

let q: QueuedApp;
const URL = '/api/admin/imports';

beforeAll(async () => {
  q = await createQueuedApp();
});
afterAll(() => q.close());

async function upload(name: string, text: string | Buffer, type = 'text/csv'): Promise<number> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const res = await q.request({
    method: 'POST',
    url: '/api/shared/file',
    ...multipart([
      { field: 'path', value: 'private/imports' },
      { file: name, type, bytes },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0].id;
}

async function start(kind: string, fileId: number, dryRun: boolean) {
  const res = await q.request({ method: 'POST', url: URL, payload: { kind, fileId, dryRun } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function finished(id: number) {
  return vi.waitFor(
    async () => {
      const res = await q.request({ method: 'GET', url: `${URL}/${id}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(['Done', 'Failed']).toContain(body.status);
      return body;
    },
    { timeout: 20_000, interval: 200 },
  );
}

const FILE = `Legacy Id,First Name,Last Name,E-mail,Member Since,Notes
7001,Ann,Able,ann@example.test,2025-01-10,ok
7002,Ben,Baker,ben@example.test,,=SUM(A1)
7003,Cy,Cole,,2025-01-11,
7004,Di,Dunn,di@example.test,not a date,
`;

describe('imports API', () => {
  it('previews the recognised columns, dry-runs, then imports; the rejected rows come as CSV with a reason', async () => {
    const fileId = await upload('members.csv', FILE);
    const preview = await q.request({ method: 'POST', url: `${URL}/preview`, payload: { kind: 'accounts', fileId } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      columns: [
        { header: 'Legacy Id', field: 'legacyId', label: 'Legacy Id' },
        { header: 'First Name', field: 'firstName', label: 'First Name' },
        { header: 'Last Name', field: 'lastName', label: 'Last Name' },
        { header: 'E-mail', field: 'email', label: 'Email' },
        { header: 'Member Since', field: 'memberAt', label: 'Member Since' },
      ],
      // No field has this name: listed, so staff see it will not be imported.
      ignored: ['Notes'],
      missing: [],
    });

    const dry = await finished(await start('accounts', fileId, true));
    expect(dry).toMatchObject({
      kind: 'accounts',
      dryRun: true,
      status: 'Done',
      countRows: 4,
      countProcessed: 4,
      countCreated: 2,
      countUpdated: 0,
      countUnchanged: 0,
      countRejected: 2,
      file: { fileName: 'members.csv' },
    });
    expect(dry.firstRejected).toEqual([
      {
        rowNumber: 4,
        reason: 'Email is required',
        values: {
          'Legacy Id': '7003',
          'First Name': 'Cy',
          'Last Name': 'Cole',
          'E-mail': '',
          'Member Since': '2025-01-11',
        },
      },
      {
        rowNumber: 5,
        reason: 'Member Since must be a date',
        values: expect.objectContaining({ 'E-mail': 'di@example.test' }),
      },
    ]);
    expect(await q.t.db.selectFrom('accounts').select('id').where('legacyId', 'in', [7001, 7002]).execute()).toEqual(
      [],
    );

    const real = await finished(await start('accounts', fileId, false));
    expect(real).toMatchObject({ dryRun: false, status: 'Done', countCreated: 2, countRejected: 2 });
    expect(
      await q.t.db
        .selectFrom('accounts')
        .select('email')
        .where('legacyId', 'in', [7001, 7002])
        .orderBy('legacyId')
        .execute(),
    ).toEqual([{ email: 'ann@example.test' }, { email: 'ben@example.test' }]);

    const csv = await q.request({ method: 'GET', url: `${URL}/${real.id}/rejected` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toBe(
      'row,Legacy Id,First Name,Last Name,E-mail,Member Since,reason\n4,7003,Cy,Cole,,2025-01-11,Email is required\n5,7004,Di,Dunn,di@example.test,not a date,Member Since must be a date\n',
    );

    // Audited (issue 27): the import as one row in its own transaction, the rejected rows' download as an export.
    const audited = await q.t.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'entityId', 'detail', 'accountId'])
      .where('entity', 'in', ['imports', 'import_rejected'])
      .where('entityId', '=', String(real.id))
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      {
        action: 'import',
        entity: 'imports',
        entityId: String(real.id),
        detail: { kind: 'accounts', dryRun: false, fileId },
        accountId: expect.any(Number),
      },
      {
        action: 'export',
        entity: 'import_rejected',
        entityId: String(real.id),
        detail: expect.objectContaining({ file: expect.stringMatching(/^import-\d+-rejected-/) }),
        accountId: expect.any(Number),
      },
    ]);

    const again = await finished(await start('accounts', fileId, false));
    expect(again).toMatchObject({ countCreated: 0, countUpdated: 0, countUnchanged: 2, countRejected: 2 });

    const list = await q.request({ method: 'GET', url: `${URL}?kind=accounts&pageSize=2` });
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination).toMatchObject({ totalItems: 3, perPage: 2 });
    expect(list.json().items[0]).toMatchObject({ id: again.id, createdBy: expect.any(String), status: 'Done' });
  });

  it('refuses what it cannot read with a clear 4xx or a Failed import, never a 500', async () => {
    const bad = await q.request({ method: 'POST', url: URL, payload: { kind: 'pets', fileId: 1, dryRun: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Kind is required');
    const missing = await q.request({
      method: 'POST',
      url: URL,
      payload: { kind: 'accounts', fileId: 999_999, dryRun: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('File not found');

    const noHeader = await upload('x.csv', 'hello,world\n1,2\n');
    const preview = await q.request({
      method: 'POST',
      url: `${URL}/preview`,
      payload: { kind: 'institutions', fileId: noHeader },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().message).toMatch(/^The file has no Name, Abbreviation, Type, Ownership columns/);
    const failed = await finished(await start('institutions', noHeader, true));
    expect(failed).toMatchObject({ status: 'Failed', statusReason: expect.stringMatching(/^The file has no Name/) });

    const longCells = await upload(
      'long.csv',
      `Email,First Name,Last Name\nlong@example.test,${'y'.repeat(10_000)},Z\n`,
    );
    const long = await finished(await start('accounts', longCells, true));
    expect(long).toMatchObject({ status: 'Done', countRejected: 1 });
    expect(long.firstRejected[0].reason).toBe('First Name must be 100 characters or less');

    expect((await q.request({ method: 'GET', url: `${URL}/999999` })).statusCode).toBe(404);
    expect((await q.request({ method: 'GET', url: `${URL}/999999/rejected` })).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const member = await q.t.signIn({ admin: false });
    expect((await q.request({ method: 'GET', url: URL, cookie: member })).statusCode).toBe(403);
    expect((await q.request({ method: 'GET', url: URL, cookie: '' })).statusCode).toBe(401);
  });
});

describe('exports read back', () => {
  async function reimport(kind: string, exportUrl: string) {
    const csv = await q.request({ method: 'GET', url: exportUrl });
    expect(csv.statusCode, csv.body).toBe(200);
    return finished(await start(kind, await upload(`${kind}-export.csv`, csv.body), false));
  }

  it('institutions, chapters and members exported and imported again are all unchanged', async () => {
    const load = async (kind: string, text: string) =>
      expect(await finished(await start(kind, await upload(`${kind}.csv`, text), false))).toMatchObject({
        status: 'Done',
        countRejected: 0,
      });
    await load(
      'institutions',
      'Legacy Id,Name,Abbreviation,Type,Ownership,Website,Street 1,City,State,Postal Code,Country\n301,Round College,ROUND,College/University,Private,https://round.test,1 Main St,Springfield,IL,62701,US\n',
    );
    // One made by hand, with no legacy id: matched by its id.
    await q.t.db
      .insertInto('institutions')
      .values({ name: 'Hand Made', abbreviation: 'HAND', type: 'Business', ownership: 'Public', address: '{}' })
      .execute();
    await load(
      'chapters',
      'Legacy Id,Name,Abbreviation,Institution Legacy Id,Accepting Members\n401,Round Chapter,RC,301,No\n',
    );
    await load(
      'accounts',
      'Legacy Id,First Name,Last Name,Email,Phone,Member Since,Pledged At,Institution Legacy Id,Chapter Legacy Id,Invitation Code,City\n' +
        '8001,Rae,Round,rae@example.test,+1 202 555 0199,2024-09-01T10:30:00Z,2024-08-15,301,401,ROUND-RAE001,Springfield\n' +
        '8002,Sol,Round,sol@example.test,,2023-01-05,,,,,\n',
    );

    const institutions = await reimport('institutions', '/api/admin/institutions/export');
    expect(institutions).toMatchObject({ status: 'Done', countCreated: 0, countUpdated: 0, countRejected: 0 });
    expect(institutions.countUnchanged).toBe(institutions.countRows);
    const chapters = await reimport('chapters', '/api/admin/chapters/export');
    expect(chapters).toMatchObject({ status: 'Done', countCreated: 0, countUpdated: 0, countRejected: 0 });
    expect(chapters.countUnchanged).toBe(chapters.countRows);
    const members = await reimport('accounts', '/api/admin/accounts/legacy/export');
    expect(members).toMatchObject({ status: 'Done', countCreated: 0, countUpdated: 0, countRejected: 0 });
    expect(members.countUnchanged).toBe(members.countRows);
    expect(members.countRows).toBeGreaterThanOrEqual(3);
  });
});
