import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/helper.js';
import { auditActors, type AuditActor } from './audit-context.js';
import { inRawTransaction } from './copy-in.js';
import { dbPools, type DB } from './database.js';

/*
 * Finding 4 of the security review (issue 34): the actor rides on the transaction, never on the pooled
 * connection. The pool has ONE connection, so every path below reuses the connection the one before it
 * used: a context left on it by admin A would show up in the next writer's rows.
 */

let db: Kysely<DB>;
let close: () => Promise<void>;
let adminA: number;
let adminB: number;

const actorOf = (accountId: number): AuditActor => ({ accountId, apiKeyId: null, address: '10.0.0.1' });
const as = <T>(accountId: number, work: () => Promise<T>) => auditActors.run(actorOf(accountId), work);

async function staff(email: string) {
  const row = await db
    .insertInto('accounts')
    .values({ firstName: 'Ada', lastName: email, email, admin: true, address: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The audit rows of institutions named `name` (created, then changed under that name). */
const rowsOfInstitution = async (abbreviation: string) =>
  (
    await sql<{ accountId: number | null; action: string }>`
      select l.account_id as "accountId", l.action from audit_log l
      where l.entity = 'institutions'
        and l.entity_id in (select id::text from institutions where abbreviation = ${abbreviation})
      order by l.id`.execute(db)
  ).rows;

const institution = (abbreviation: string) => ({
  name: `Context ${abbreviation}`,
  abbreviation,
  type: 'College/University',
  ownership: 'Public',
  address: '{}',
});

beforeAll(async () => {
  ({ db, close } = await createTestDb(1));
  adminA = await staff('a@context.test');
  adminB = await staff('b@context.test');
});
afterAll(() => close());

describe('the audit context', () => {
  it("is not left on the connection: after admin A's write, the pool's connection carries no actor", async () => {
    await as(adminA, () => db.insertInto('institutions').values(institution('CA1')).execute());
    // Read on the raw connection (as a COPY transaction takes it), with nothing of Kysely's in between.
    const client = await dbPools.get(db)!.connect();
    const { rows } = await client.query<{ ctx: string | null }>(`select current_setting('audit.context', true) as ctx`);
    client.release();
    expect(rows[0]!.ctx ?? '').toBe('');
    // A write with no actor (a job, a script) on that same connection is not audited, and never as A.
    await db.updateTable('institutions').set({ population: '1' }).where('abbreviation', '=', 'CA1').execute();
    expect(await rowsOfInstitution('CA1')).toEqual([{ accountId: adminA, action: 'create' }]);
  });

  it("names whoever writes, in a transaction or not, on the connection A's request used", async () => {
    await as(adminA, () => db.insertInto('institutions').values(institution('CA2')).execute());
    await as(adminB, () =>
      db
        .transaction()
        .execute((trx) =>
          trx.updateTable('institutions').set({ name: 'B1' }).where('abbreviation', '=', 'CA2').execute(),
        ),
    );
    await as(adminA, () => db.selectFrom('institutions').select('id').execute());
    await as(adminB, () =>
      db.updateTable('institutions').set({ name: 'B2' }).where('abbreviation', '=', 'CA2').execute(),
    );
    expect(await rowsOfInstitution('CA2')).toEqual([
      { accountId: adminA, action: 'create' },
      { accountId: adminB, action: 'update' },
      { accountId: adminB, action: 'update' },
    ]);
  });

  it("a raw COPY transaction after admin A's request names its own actor, or nobody", async () => {
    await as(adminA, () => db.insertInto('institutions').values(institution('CA3')).execute());
    const write = (name: string) =>
      inRawTransaction(db, (client) =>
        client.query(`update institutions set name = $1 where abbreviation = 'CA3'`, [name]),
      );
    await write('nobody'); // a job: no actor, no row, and never A's
    await as(adminB, () => write('B'));
    expect(await rowsOfInstitution('CA3')).toEqual([
      { accountId: adminA, action: 'create' },
      { accountId: adminB, action: 'update' },
    ]);
  });

  it('a failed autocommit write leaves nothing behind and the connection usable', async () => {
    const { id } = await db
      .selectFrom('institutions')
      .select('id')
      .where('abbreviation', '=', 'CA3')
      .executeTakeFirstOrThrow();
    await expect(
      as(adminA, () =>
        db
          .insertInto('institutions')
          .values({ ...institution('CA4'), id })
          .execute(),
      ),
    ).rejects.toThrow(/duplicate key/);
    expect(await rowsOfInstitution('CA4')).toEqual([]);
    const { rows } = await sql<{ n: number }>`select 1 as n`.execute(db);
    expect(rows[0]!.n).toBe(1);
  });
});
