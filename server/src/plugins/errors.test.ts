import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_ERROR } from '@app/contract';
import { databaseError } from '../errors.js';
import { createTestApp, type TestApp } from '../test/helper.js';
import { registerErrorHandler } from './errors.js';

// Real PostgreSQL errors, raised by real statements: the mapping reads what `pg` actually passes on.
let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  app = Fastify();
  registerErrorHandler(app);
  app.get('/duplicate', async () => {
    await t.db
      .insertInto('accounts')
      .values({ firstName: 'A', lastName: 'B', email: 'Twice@example.test', address: '{}' })
      .execute();
    await t.db
      .insertInto('accounts')
      .values({ firstName: 'A', lastName: 'B', email: 'twice@example.test', address: '{}' })
      .execute();
  });
  app.get('/broken-sql', async () => sql`select * from no_such_table`.execute(t.db));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the statement should have failed'),
    (err: unknown) => err,
  );
const mapped = async (promise: Promise<unknown>) => {
  const err = await failure(promise);
  const refused = databaseError(err);
  // An unmapped error shows itself in the assertion instead of as `undefined`.
  return refused
    ? { status: refused.status, message: refused.message }
    : { unmapped: String((err as { code?: string }).code), error: String(err) };
};

const institution = { name: 'Uni', type: 'Business', abbreviation: 'U', ownership: 'Public', address: '{}' };

describe('PostgreSQL errors mapped by SQLSTATE', () => {
  it('unique_violation (23505) -> 409 naming what is taken, from the table and key columns', async () => {
    await t.db
      .insertInto('accounts')
      .values({ firstName: 'A', lastName: 'B', email: 'taken@example.test', invitationCode: 'CODE1', address: '{}' })
      .execute();
    const again = (email: string, invitationCode: string | null) =>
      t.db
        .insertInto('accounts')
        .values({ firstName: 'A', lastName: 'B', email, invitationCode, address: '{}' })
        .execute();
    expect(await mapped(again('TAKEN@example.test', null))).toEqual({
      status: 409,
      message: 'An account with this email already exists',
    });
    expect(await mapped(again('other@example.test', 'CODE1'))).toEqual({
      status: 409,
      message: 'An account with this invitation code already exists',
    });
  });

  it('foreign_key_violation (23503) -> 400 for a reference to a missing row, 409 for a row still referenced', async () => {
    expect(
      await mapped(
        t.db
          .insertInto('institutions')
          .values({ ...institution, logoId: 0 })
          .execute(),
      ),
    ).toEqual({
      status: 400,
      message: 'Logo file not found',
    });
    const { id } = await t.db.insertInto('institutions').values(institution).returning('id').executeTakeFirstOrThrow();
    expect(
      await mapped(
        t.db
          .insertInto('chapters')
          .values({ name: 'C', abbreviation: 'C', institutionId: id + 1000, address: '{}' })
          .execute(),
      ),
    ).toEqual({
      status: 400,
      message: 'Institution not found',
    });
    await t.db
      .insertInto('chapters')
      .values({ name: 'C', abbreviation: 'C', institutionId: id, address: '{}' })
      .execute();
    expect(await mapped(t.db.deleteFrom('institutions').where('id', '=', id).execute())).toEqual({
      status: 409,
      message: 'This record is still used by chapters',
    });
  });

  // PostgreSQL 18 reports a row still referenced through `on delete restrict` as 23001 restrict_violation,
  // 15 as 23503; a plain (no action) key is 23503 on both. Both answer the same 409.
  it.each([
    ['restrict', 'restrict'],
    ['no action', 'no action'],
  ])(
    'a delete refused by an `on delete %s` key -> 409 naming the referencing rows, on PostgreSQL 15 and 18',
    async (_, action) => {
      const suffix = action.replace(' ', '_');
      await sql`create table ${sql.id(`parents_${suffix}`)} (id int primary key)`.execute(t.db);
      await sql`create table ${sql.id(`kept_rows_${suffix}`)} (parent_id int references ${sql.id(`parents_${suffix}`)} (id) on delete ${sql.raw(action)})`.execute(
        t.db,
      );
      await sql`insert into ${sql.id(`parents_${suffix}`)} values (1)`.execute(t.db);
      await sql`insert into ${sql.id(`kept_rows_${suffix}`)} values (1)`.execute(t.db);
      const err = await failure(sql`delete from ${sql.id(`parents_${suffix}`)}`.execute(t.db));
      const { rows } = await sql<{
        version: number;
      }>`select current_setting('server_version_num')::int as version`.execute(t.db);
      const restrictCode = rows[0]!.version >= 180000 ? '23001' : '23503';
      expect((err as { code?: string }).code).toBe(action === 'restrict' ? restrictCode : '23503');
      expect(databaseError(err)).toMatchObject({
        status: 409,
        message: 'This record is still used by kept rows ' + suffix.replace('_', ' '),
      });
    },
  );

  it('maps 23001 with the detail PostgreSQL 18 gives, and without one (the referencing table named by the error)', () => {
    const restrict = (detail: string | undefined) =>
      Object.assign(
        new Error('update or delete on table "institutions" violates RESTRICT setting of foreign key constraint'),
        {
          code: '23001',
          severity: 'ERROR',
          table: 'chapters',
          detail,
        },
      );
    expect(databaseError(restrict('Key (id)=(5) is referenced from table "chapters".'))).toMatchObject({
      status: 409,
      message: 'This record is still used by chapters',
    });
    expect(databaseError(restrict(undefined))).toMatchObject({
      status: 409,
      message: 'This record is still used by chapters',
    });
  });

  it.each([
    ['22P02', () => sql`select ${'abc'}::int`.execute(t.db), 'A value has the wrong format'],
    ['22003', () => sql`select ${'2147483648'}::int`.execute(t.db), 'A number is out of range'],
    ['22021', () => sql`select ${'a\u0000b'}::text`.execute(t.db), 'A text contains an invalid character'],
    ['22007', () => sql`select ${'soon'}::timestamptz`.execute(t.db), 'A date or time is not valid'],
    ['22008', () => sql`select ${'2024-02-30'}::date`.execute(t.db), 'A date or time is out of range'],
    [
      '22001',
      () =>
        t.db
          .insertInto('institutions')
          .values({ ...institution, abbreviation: 'x'.repeat(13) })
          .execute(),
      'A text is too long',
    ],
  ])('invalid or out-of-range input (%s) -> 400', async (code, run, message) => {
    const err = await failure(run());
    expect((err as { code?: string }).code).toBe(code);
    expect(databaseError(err)).toMatchObject({ status: 400, message });
  });

  it("leaves the server's own failures alone: not mapped, answered as a hidden 500", async () => {
    const err = await failure(sql`select * from no_such_table`.execute(t.db));
    expect(databaseError(err)).toBeUndefined();
    expect(databaseError(new Error('plain'))).toBeUndefined();
    const res = await app.inject('/broken-sql');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: GENERIC_ERROR });
  });

  it('answers a mapped error as JSON {message} through the one error handler, without SQL or values', async () => {
    const res = await app.inject('/duplicate');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
    expect(res.body).not.toMatch(/twice@|lower\(|Key \(/);
  });
});
