import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { createTestDb } from '../../test/helper.js';
import { blockAddress, checkBlockedEdit, suppressedAddresses } from './suppression.js';

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await createTestDb()));
afterAll(() => close?.());

describe('suppression', () => {
  it('suppresses per type, All suppresses both, addresses compared trimmed and lower-cased', async () => {
    await blockAddress(db, {
      email: ' Inv@Example.test ',
      emailType: 'Invitation',
      reason: 'asked',
      feedbackType: 'manual',
    });
    await blockAddress(db, {
      email: 'tx@example.test',
      emailType: 'Transactional',
      reason: 'asked',
      feedbackType: 'manual',
    });
    await blockAddress(db, { email: 'all@example.test', emailType: 'All', reason: 'asked', feedbackType: 'manual' });
    const list = ['INV@example.test', 'tx@example.test', ' all@example.test', 'free@example.test'];
    expect([...(await suppressedAddresses(db, list, 'Invitation'))].sort()).toEqual([
      'all@example.test',
      'inv@example.test',
    ]);
    expect([...(await suppressedAddresses(db, list, 'Transactional'))].sort()).toEqual([
      'all@example.test',
      'tx@example.test',
    ]);
    expect(await suppressedAddresses(db, [], 'Invitation')).toEqual(new Set());
  });

  it('checks 20,000 addresses in one quick query', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `person${i}@bulk.test`);
    await db
      .insertInto('blockedEmails')
      .values(
        many.filter((_, i) => i % 100 === 0).map((email) => ({ email, emailType: 'All' as const, reason: 'bulk' })),
      )
      .execute();
    const started = performance.now();
    const blocked = await suppressedAddresses(db, many, 'Invitation');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(blocked.size).toBe(200);
    expect(blocked.has('person100@bulk.test')).toBe(true);
  });

  it('a manual block over an automatic one changes neither its feedback type nor its reason', async () => {
    await blockAddress(db, {
      email: 'gone@example.test',
      emailType: 'Invitation',
      reason: 'Unsubscribed from invitation 4',
      feedbackType: 'unsub',
    });
    const after = await blockAddress(db, {
      email: 'GONE@example.test',
      emailType: 'Invitation',
      reason: 'import',
      feedbackType: 'manual',
      updatedBy: null,
    });
    expect(after).toMatchObject({
      email: 'gone@example.test',
      emailType: 'Invitation',
      feedbackType: 'unsub',
      reason: 'Unsubscribed from invitation 4',
    });
    expect(
      await db.selectFrom('blockedEmails').select('id').where('email', '=', 'gone@example.test').execute(),
    ).toHaveLength(1);
  });

  it('an automatic block replaces a manual row for that type', async () => {
    await blockAddress(db, { email: 'm@example.test', emailType: 'All', reason: 'manual', feedbackType: 'manual' });
    const row = await blockAddress(db, {
      email: 'm@example.test',
      emailType: 'All',
      reason: 'Hard bounce',
      feedbackType: 'bounced_hard',
    });
    expect(row).toMatchObject({ feedbackType: 'bounced_hard', reason: 'Hard bounce' });
  });

  it('an edit cannot change an automatic row’s email or narrow its type; manual rows are free', () => {
    const auto = { email: 'a@example.test', emailType: 'Invitation' as const, feedbackType: 'unsub' as const };
    expect(checkBlockedEdit(auto, { email: 'a@example.test', emailType: 'All' })).toBeNull();
    expect(checkBlockedEdit(auto, { email: ' A@example.test', emailType: 'Invitation' })).toBeNull();
    expect(checkBlockedEdit(auto, { email: 'a@example.test', emailType: 'Transactional' })).toMatch(
      /can only be widened to All/,
    );
    expect(checkBlockedEdit(auto, { email: 'b@example.test', emailType: 'Invitation' })).toMatch(
      /email cannot be changed/,
    );
    expect(
      checkBlockedEdit(
        { ...auto, emailType: 'All', feedbackType: 'spam' },
        { email: 'a@example.test', emailType: 'Invitation' },
      ),
    ).toMatch(/Spam/);
    expect(
      checkBlockedEdit({ ...auto, feedbackType: 'manual' }, { email: 'b@example.test', emailType: 'Transactional' }),
    ).toBeNull();
  });
});
