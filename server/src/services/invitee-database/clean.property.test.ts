import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanInvitees, type CleanContext } from './clean.js';
import type { RawRow } from './columns.js';
import { isValidEmail, normaliseEmail } from './email.js';

// A small pool, so files have duplicates, case and space variants, invalid addresses and missing ones.
const POOL = ['ann@x.edu', 'bob@x.edu', 'cy@y.org', 'dee@z.com', 'eve@x.edu', 'not-an-email', 'a@b', ''];
const emailArb = fc.tuple(fc.constantFrom(...POOL), fc.boolean(), fc.boolean()).map(([e, upper, pad]) => {
  const cased = upper ? e.toUpperCase() : e;
  return pad ? `  ${cased} ` : cased;
});
const rowArb: fc.Arbitrary<RawRow> = fc
  .record({
    rowNumber: fc.integer({ min: 2, max: 60 }),
    email: fc.option(emailArb, { nil: undefined }),
    firstName: fc.option(fc.constantFrom('Ann', 'Zoë', 'José'), { nil: undefined }),
  })
  .map(({ rowNumber, email, firstName }) => ({
    rowNumber,
    fields: { ...(email !== undefined && { email }), ...(firstName !== undefined && { firstName }) },
  }));
const subset = fc.subarray(POOL.slice(0, 5));
const ctxArb: fc.Arbitrary<CleanContext> = fc.record({
  cleanJoined: fc.boolean(),
  cleanInviteCount: fc.constantFrom(2 as const, 3 as const, 4 as const),
  suppressed: subset.map((s) => new Set(s)),
  memberEmails: subset.map((s) => new Set(s)),
  priorInviteCounts: fc
    .array(fc.tuple(fc.constantFrom(...POOL.slice(0, 5)), fc.integer({ min: 0, max: 6 })))
    .map((e) => new Map(e)),
});
const rowsAndPermutation = fc
  .array(rowArb, { maxLength: 40 })
  .chain((rows) =>
    fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length })),
  );

describe('cleaning properties', () => {
  it('gives the same result for any order of the same rows (rows may even share a row number)', () => {
    fc.assert(
      fc.property(rowsAndPermutation, ctxArb, ([rows, shuffled], ctx) => {
        expect(cleanInvitees(shuffled, ctx)).toEqual(cleanInvitees(rows, ctx));
      }),
    );
  });

  it('gives the same result when run again on the same input, which it leaves unchanged', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), ctxArb, (rows, ctx) => {
        const before = structuredClone(rows);
        const first = cleanInvitees(rows, ctx);
        expect(rows).toEqual(before);
        expect(cleanInvitees(rows, ctx)).toEqual(first);
      }),
    );
  });

  it('keeps every row it kept when run on the kept rows alone', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), ctxArb, (rows, ctx) => {
        const kept = cleanInvitees(rows, ctx).rows.filter((r) => !r.removed);
        const again = cleanInvitees(
          kept.map(({ rowNumber, fields }) => ({ rowNumber, fields })),
          ctx,
        );
        expect(again.rows.every((r) => !r.removed)).toBe(true);
        expect(again.rows.map((r) => r.email)).toEqual(kept.map((r) => r.email));
      }),
    );
  });

  it('one row out per row in, exactly one reason per removed row, kept addresses valid and unique, lowest row kept', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), ctxArb, (rows, ctx) => {
        const { rows: out, counts } = cleanInvitees(rows, ctx);
        expect(out).toHaveLength(rows.length);
        for (const r of out) expect(r.removed).toBe(r.removedReason !== null);
        const kept = out.filter((r) => !r.removed);
        expect(new Set(kept.map((r) => r.email)).size).toBe(kept.length);
        expect(kept.every((r) => isValidEmail(r.email))).toBe(true);
        expect(counts.valid).toBe(kept.length);
        // Of each valid address, exactly one row is not a duplicate: one with the lowest row number.
        for (const email of new Set(out.filter((r) => isValidEmail(r.email)).map((r) => r.email))) {
          const ofAddress = out.filter((r) => r.email === email);
          const first = ofAddress.filter((r) => r.removedReason !== 'Duplicate in file');
          expect(first).toHaveLength(1);
          expect(first[0]!.rowNumber).toBe(
            Math.min(...rows.filter((x) => normaliseEmail(x.fields.email) === email).map((x) => x.rowNumber)),
          );
        }
        for (const r of out) expect(r.inviteCount).toBe((ctx.priorInviteCounts.get(r.email) ?? 0) + 1);
      }),
    );
  });
});
