import { deflateRawSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { ROLES_NOT_HELD } from '@app/contract';
import { forgetRoles } from '../auth/role-table.js';
import { STAFF_ACCESS } from './importer-rules.js';
import { buildZip, MINIMAL_WORKBOOK, textPart } from '../../test/spreadsheet-files.js';
import { runImport } from './run.js';

/*
 * The import's job body on a real database, without the queue: dry runs, upserts, every rejection,
 * resuming a killed run, and the kept counts the tables' triggers write.
 */

let t: TestApp;
let staffId: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  staffId = (
    await t.db
      .insertInto('accounts')
      .values({
        ...{ firstName: 'Ada', lastName: 'Staff', email: 'staff@example.test', admin: true, address: '{}' },
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

/** Stores `text` as an uploaded file and queues (not runs) an import of it. */
async function importOf(
  kind: 'institutions' | 'chapters' | 'accounts',
  text: string | Buffer,
  { dryRun = false, fileName = `f${++n}.csv`, by = staffId } = {},
) {
  const key = `imports/${n}-${fileName}`;
  await t.app.storage.put(key, Buffer.isBuffer(text) ? text : Buffer.from(text), 'text/csv');
  const file = await t.db
    .insertInto('files')
    .values({
      storageKey: key,
      folder: 'private/imports',
      fileName,
      contentType: 'text/csv',
      sizeInBytes: text.length,
      committed: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('imports')
    .values({ kind, dryRun, fileId: file.id, createdBy: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function run(
  kind: 'institutions' | 'chapters' | 'accounts',
  text: string | Buffer,
  opts: { dryRun?: boolean; fileName?: string; by?: number; batchSize?: number } = {},
) {
  const id = await importOf(kind, text, opts);
  await runImport({ db: t.db, storage: t.app.storage, batchSize: opts.batchSize }, id);
  return state(id);
}

const state = (id: number) => t.db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const rejectedOf = (id: number) =>
  t.db
    .selectFrom('importRejected')
    .select(['rowNumber', 'reason'])
    .where('importId', '=', id)
    .orderBy('rowNumber')
    .execute();
const counts = (s: { countCreated: number; countUpdated: number; countUnchanged: number; countRejected: number }) => [
  s.countCreated,
  s.countUpdated,
  s.countUnchanged,
  s.countRejected,
];

const INSTITUTIONS = `Legacy Id,Name,Abbreviation,Type,Ownership,City,State
101,North College,NORTH,College/University,Public,Boston,MA
102,South College,SOUTH,Community College,Private,Austin,TX
`;

describe('institutions', () => {
  it('a dry run reports what would happen and writes nothing', async () => {
    const before = await t.db
      .selectFrom('institutions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const s = await run('institutions', INSTITUTIONS, { dryRun: true });
    expect(s.status).toBe('Done');
    expect([s.countRows, s.countProcessed]).toEqual([2, 2]);
    expect(counts(s)).toEqual([2, 0, 0, 0]);
    const after = await t.db
      .selectFrom('institutions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the same file twice: created N, then unchanged N; the row count and the version follow', async () => {
    const version = async () =>
      (
        await sql<{ version: number }>`select version from table_versions where table_name = 'institutions'`.execute(
          t.db,
        )
      ).rows[0]!.version;
    const v0 = await version();
    const first = await run('institutions', INSTITUTIONS);
    expect(counts(first)).toEqual([2, 0, 0, 0]);
    expect(await version()).toBeGreaterThan(v0);
    const second = await run('institutions', INSTITUTIONS);
    expect(counts(second)).toEqual([0, 0, 2, 0]);
    const kept = await sql<{ n: number }>`select n from row_counts where table_name = 'institutions'`.execute(t.db);
    const real = await sql<{ n: number }>`select count(*)::int as n from institutions`.execute(t.db);
    expect(kept.rows[0]!.n).toBe(real.rows[0]!.n);
    const north = await t.db.selectFrom('institutions').selectAll().where('legacyId', '=', 101).execute();
    expect(north).toHaveLength(1);
    expect(north[0]!.address).toMatchObject({ city: 'Boston', state: 'MA' });
  });

  it('updates by legacy id, only the columns the file has', async () => {
    const s = await run('institutions', 'Legacy Id,Name\n101,North College of Music\n');
    expect(s.status).toBe('Failed');
    expect(s.statusReason).toBe('The file has no Abbreviation, Type, Ownership columns.');
    const u = await run(
      'institutions',
      'Legacy Id,Name,Abbreviation,Type,Ownership\n101,North College of Music,NORTH,College/University,Public\n',
    );
    expect(counts(u)).toEqual([0, 1, 0, 0]);
    const row = await t.db.selectFrom('institutions').selectAll().where('legacyId', '=', 101).executeTakeFirstOrThrow();
    expect(row.name).toBe('North College of Music');
    expect(row.address).toMatchObject({ city: 'Boston' });
  });

  it('rejects rows with the form messages, and a duplicate in the file, and keeps the others', async () => {
    const s = await run(
      'institutions',
      `Legacy Id,Name,Abbreviation,Type,Ownership
201,Good,GOOD,Business,Public
202,Long,ABBREVIATIONTOOLONG,Business,Public
203,,X,Business,Public
204,Bad Type,BT,Castle,Public
201,Again,GOOD2,Business,Public
,No Key,NK,Business,Public
205,=HYPERLINK("x"),F,Business,Public
206,${'x'.repeat(10_000)},L,Business,Public
abc,Wrong Type,WT,Business,Public
`,
      { batchSize: 3 },
    );
    expect(s.status).toBe('Done');
    expect(counts(s)).toEqual([1, 0, 0, 8]);
    expect(await rejectedOf(s.id)).toEqual([
      { rowNumber: 3, reason: 'Abbreviation must be 12 characters or less' },
      { rowNumber: 4, reason: 'Name is required' },
      { rowNumber: 5, reason: 'Type is required' },
      { rowNumber: 6, reason: 'Duplicate in file' },
      { rowNumber: 7, reason: 'Legacy Id is required' },
      { rowNumber: 8, reason: 'Name must not be a formula' },
      { rowNumber: 9, reason: 'Name must be 255 characters or less' },
      { rowNumber: 10, reason: 'Legacy Id must be a number' },
    ]);
  });
});

describe('chapters', () => {
  it('name their institution by legacy id or abbreviation; unknown ones are rejected', async () => {
    const s = await run(
      'chapters',
      `Legacy Id,Name,Abbreviation,Institution Legacy Id,Institution Abbreviation,Active
501,North Chapter,NC,101,,Yes
502,South Chapter,SC,,south,No
503,Lost Chapter,LC,999,,Yes
504,Nowhere,NW,,,Yes
`,
    );
    expect(counts(s)).toEqual([2, 0, 0, 2]);
    expect(await rejectedOf(s.id)).toEqual([
      { rowNumber: 4, reason: 'Institution not found' },
      { rowNumber: 5, reason: 'Institution is required' },
    ]);
    const south = await t.db
      .selectFrom('chapters as c')
      .innerJoin('institutions as i', 'i.id', 'c.institutionId')
      .select(['c.active', 'i.legacyId'])
      .where('c.legacyId', '=', 502)
      .executeTakeFirstOrThrow();
    expect(south).toEqual({ active: false, legacyId: 102 });
    const kept = await sql<{ n: number }>`select n from row_counts where table_name = 'chapters'`.execute(t.db);
    const real = await sql<{ n: number }>`select count(*)::int as n from chapters`.execute(t.db);
    expect(kept.rows[0]!.n).toBe(real.rows[0]!.n);
  });
});

const ACCOUNTS = `Legacy Id,First Name,Last Name,Email,Phone,Member Since,Pledged At,Institution Legacy Id,Chapter Legacy Id,Invitation Code
9001,Mia,Member,mia@example.test,(202) 555-0123,2024-03-15,2024-02-01,101,501,NORTH-AAA001
9002,Pete,Pledge,pete@example.test,,,2024-03-20,,,
9003,Bad,Phone,bad@example.test,12,,,,,
9004,No,Email,,,,,,,
9005,Lost,School,lost@example.test,,,,999,,
`;

describe('accounts', () => {
  it('imports members and pledges with their history: no password, not staff, the dashboard counts follow', async () => {
    const daily = async () =>
      Object.fromEntries(
        (
          await sql<{
            kind: string;
            count: number;
          }>`select kind, count from dashboard_daily_counts where day = '2024-03-15' and kind = 'joins'
          union all select kind, count from dashboard_daily_counts where day = '2024-03-20' and kind = 'open_pledges'`.execute(
            t.db,
          )
        ).rows.map((r) => [r.kind, r.count]),
      );
    const before = await daily();
    const s = await run('accounts', ACCOUNTS);
    expect(counts(s)).toEqual([2, 0, 0, 3]);
    expect(await rejectedOf(s.id)).toEqual([
      { rowNumber: 4, reason: 'Invalid phone number' },
      { rowNumber: 5, reason: 'Email is required' },
      { rowNumber: 6, reason: 'Institution not found' },
    ]);
    const mia = await t.db.selectFrom('accounts').selectAll().where('legacyId', '=', 9001).executeTakeFirstOrThrow();
    expect(mia).toMatchObject({
      passwordHash: null,
      admin: false,
      active: true,
      phone: '+12025550123',
      roles: ['ROLE_USER'],
      invitationCode: 'NORTH-AAA001',
    });
    expect(mia.memberAt!.toISOString()).toBe('2024-03-15T00:00:00.000Z');
    const after = await daily();
    expect((after.joins ?? 0) - (before.joins ?? 0)).toBe(1);
    expect((after.open_pledges ?? 0) - (before.open_pledges ?? 0)).toBe(1);
    const again = await run('accounts', ACCOUNTS);
    expect(counts(again)).toEqual([0, 0, 2, 3]);
    expect(await daily()).toEqual(after);
  });

  it('matches by email (any case) when there is no legacy id, and by legacy id when the email changed', async () => {
    const byEmail = await run('accounts', 'First Name,Last Name,Email\nPeter,Pledge,PETE@example.test\n');
    expect(counts(byEmail)).toEqual([0, 1, 0, 0]);
    const byLegacy = await run(
      'accounts',
      'Legacy Id,First Name,Last Name,Email\n9001,Mia,Member,mia.new@example.test\n',
    );
    expect(counts(byLegacy)).toEqual([0, 1, 0, 0]);
    const rows = await t.db
      .selectFrom('accounts')
      .select(['legacyId', 'firstName', 'email'])
      .where('legacyId', 'in', [9001, 9002])
      .orderBy('legacyId')
      .execute();
    expect(rows).toEqual([
      { legacyId: 9001, firstName: 'Mia', email: 'mia.new@example.test' },
      { legacyId: 9002, firstName: 'Peter', email: 'PETE@example.test' },
    ]);
  });

  it('an email or invitation code that belongs to another account, and a duplicate email in the file, are rejected', async () => {
    const s = await run(
      'accounts',
      `Legacy Id,First Name,Last Name,Email,Invitation Code
9002,Pete,Pledge,mia.new@example.test,
9100,New,Person,new@example.test,NORTH-AAA001
9101,Twin,One,twin@example.test,
9102,Twin,Two,TWIN@example.test,
`,
    );
    expect(await rejectedOf(s.id)).toEqual([
      { rowNumber: 2, reason: 'An account with this email already exists' },
      { rowNumber: 3, reason: 'An account with this invitation code already exists' },
      { rowNumber: 5, reason: 'Duplicate in file' },
    ]);
    expect(counts(s)).toEqual([1, 0, 0, 3]);
  });

  it('makes staff only when the column says so and the importer is staff', async () => {
    const member = (
      await t.db
        .insertInto('accounts')
        .values({ firstName: 'Max', lastName: 'Member', email: 'importer@example.test', admin: false, address: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const file = 'Legacy Id,First Name,Last Name,Email,Admin\n9200,Sam,Staff,sam@example.test,Yes\n';
    const refused = await run('accounts', file, { by: member });
    expect(await rejectedOf(refused.id)).toEqual([{ rowNumber: 2, reason: 'Only staff can import staff accounts' }]);
    const made = await run('accounts', file);
    expect(counts(made)).toEqual([1, 0, 0, 0]);
    const sam = await t.db
      .selectFrom('accounts')
      .select(['admin', 'roles', 'passwordHash'])
      .where('legacyId', '=', 9200)
      .executeTakeFirstOrThrow();
    // Admin=Yes lets the account sign in to /admin; its roles (none here but ROLE_USER) say what it may do there.
    expect(sam).toEqual({ admin: true, roles: ['ROLE_USER'], passwordHash: null });
    const auditor =
      'Legacy Id,First Name,Last Name,Email,Admin,Roles\n9200,Sam,Staff,sam@example.test,Yes,ROLE_AUDITOR\n';
    expect(counts(await run('accounts', auditor))).toEqual([0, 1, 0, 0]);
    const roles = await t.db
      .selectFrom('accounts')
      .select('roles')
      .where('legacyId', '=', 9200)
      .executeTakeFirstOrThrow();
    expect(roles.roles).toEqual(['ROLE_AUDITOR']);
  });

  it('gives roles only with roles:write, and only roles whose permissions the importer holds (issue 35)', async () => {
    await t.db
      .insertInto('roles')
      .values({ name: 'ROLE_IMPORT_STAFF', permissions: ['roles:write', 'imports:write'] })
      .execute();
    forgetRoles();
    const importer = async (email: string, roles: string[]) =>
      (
        await t.db
          .insertInto('accounts')
          .values({ firstName: 'Ida', lastName: 'Importer', email, admin: true, roles, address: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const file = 'Legacy Id,First Name,Last Name,Email,Roles\n9300,Rae,Raised,rae@example.test,ROLE_ADMIN\n';
    const membership = await run('accounts', file, {
      by: await importer('m.importer@example.test', ['ROLE_MEMBERSHIP']),
    });
    expect(await rejectedOf(membership.id)).toEqual([{ rowNumber: 2, reason: STAFF_ACCESS }]);
    const staffer = await run('accounts', file, {
      by: await importer('s.importer@example.test', ['ROLE_IMPORT_STAFF']),
    });
    expect(await rejectedOf(staffer.id)).toEqual([{ rowNumber: 2, reason: `${ROLES_NOT_HELD}: ROLE_ADMIN` }]);
    expect(counts(await run('accounts', file))).toEqual([1, 0, 0, 0]);
  });

  it('a killed import resumes where its last batch ended, without duplicates', async () => {
    const lines = Array.from(
      { length: 25 },
      (_, i) => `${10_000 + i},Row,N${i},resume${i}@example.test,2023-0${(i % 9) + 1}-10`,
    );
    const file = `Legacy Id,First Name,Last Name,Email,Member Since\n${lines.join('\n')}\n`;
    const id = await importOf('accounts', file);
    // The worker is told to stop after two batches (the signal reads as aborted before the third).
    let checks = 0;
    const signal = {
      get aborted() {
        return ++checks > 2;
      },
    } as AbortSignal;
    await expect(runImport({ db: t.db, storage: t.app.storage, batchSize: 10, signal }, id)).rejects.toThrow(
      /shutting down/,
    );
    const mid = await state(id);
    expect(mid.status).toBe('Running');
    expect([mid.countProcessed, mid.countCreated]).toEqual([20, 20]);
    expect(await runImport({ db: t.db, storage: t.app.storage, batchSize: 10 }, id)).toBe('done');
    const done = await state(id);
    expect([done.countProcessed, done.countCreated, done.countRejected]).toEqual([25, 25, 0]);
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from accounts where legacy_id between 10000 and 10024`.execute(t.db);
    expect(stored.rows[0]!.n).toBe(25);
  });
});

describe('hostile files', () => {
  it('a zip bomb named .xlsx, a file that is not what its name says, and an empty file fail with a reason', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const bomb = buildZip([
      textPart('xl/workbook.xml', MINIMAL_WORKBOOK),
      { name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(zeros), size: zeros.length },
    ]);
    const zip = await run('accounts', bomb, { fileName: 'members.xlsx' });
    expect(zip).toMatchObject({
      status: 'Failed',
      statusReason: 'The file unpacks to far more than its size: it looks like a zip bomb.',
    });
    const notXlsx = await run('accounts', 'Email\nx@example.test\n', { fileName: 'people.xlsx' });
    expect(notXlsx.status).toBe('Failed');
    expect(notXlsx.statusReason).toMatch(/does not look like an xlsx file/);
    const empty = await run('accounts', Buffer.alloc(0));
    expect(empty).toMatchObject({ status: 'Failed', statusReason: 'The file is empty.' });
  });
});
