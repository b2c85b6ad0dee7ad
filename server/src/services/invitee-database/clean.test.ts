import { describe, expect, it } from 'vitest';
import { cleanInvitees, invitedTooOftenReason, REMOVED_REASONS, type CleanContext } from './clean.js';
import type { RawRow } from './columns.js';
import { isValidEmail } from './email.js';

const ctx = (over: Partial<CleanContext> = {}): CleanContext => ({
  cleanJoined: true,
  cleanInviteCount: 4,
  suppressed: new Set(),
  memberEmails: new Set(),
  priorInviteCounts: new Map(),
  ...over,
});
const row = (rowNumber: number, email?: string, fields: RawRow['fields'] = {}): RawRow => ({
  rowNumber,
  fields: email === undefined ? fields : { email, ...fields },
});
const reasons = (rows: RawRow[], c = ctx()) => cleanInvitees(rows, c).rows.map((r) => [r.rowNumber, r.removedReason]);

describe('email rule', () => {
  it('accepts ordinary addresses and refuses the rest', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.uni.edu', "o'brien@x.org"]) expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['', 'a', 'a@b', 'a@@b.co', 'a b@c.co', 'a@b .co', '@b.co', 'a@.co', `${'a'.repeat(250)}@b.co`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('cleaning, each rule on its own', () => {
  it('normalises emails (trimmed, lower-cased) and keeps the fields', () => {
    const [out] = cleanInvitees([row(2, '  Ann@X.EDU ', { firstName: 'Ann', city: 'Rome' })], ctx()).rows;
    expect(out).toMatchObject({
      rowNumber: 2,
      email: 'ann@x.edu',
      removed: false,
      removedReason: null,
      inviteCount: 1,
    });
    expect(out!.fields).toEqual({ email: '  Ann@X.EDU ', firstName: 'Ann', city: 'Rome' });
    expect(out!.mailingAddress).toEqual({ city: 'Rome' });
  });

  it('invalid or missing email', () => {
    expect(reasons([row(2, 'nope'), row(3), row(4, 'ok@x.edu')])).toEqual([
      [2, REMOVED_REASONS.invalidEmail],
      [3, REMOVED_REASONS.invalidEmail],
      [4, null],
    ]);
  });

  it('duplicate in file: after normalisation, the lowest row number is kept whatever the order', () => {
    const rows = [row(9, 'DUP@x.edu'), row(3, ' dup@x.edu'), row(5, 'dup@X.edu')];
    expect(reasons(rows)).toEqual([
      [3, null],
      [5, REMOVED_REASONS.duplicate],
      [9, REMOVED_REASONS.duplicate],
    ]);
  });

  it('suppressed (blocked, unsubscribed, hard bounce, spam)', () => {
    expect(reasons([row(2, 'Gone@x.edu'), row(3, 'ok@x.edu')], ctx({ suppressed: new Set(['gone@x.edu']) }))).toEqual([
      [2, 'Blocked email'],
      [3, null],
    ]);
  });

  it('existing member, only when cleanJoined', () => {
    const memberEmails = new Set(['m@x.edu']);
    expect(reasons([row(2, 'm@x.edu')], ctx({ memberEmails }))).toEqual([[2, 'Already a member']]);
    expect(reasons([row(2, 'm@x.edu')], ctx({ memberEmails, cleanJoined: false }))).toEqual([[2, null]]);
  });

  it.each([2, 3, 4] as const)('invited before: %i or more earlier invitations remove the row', (n) => {
    const priorInviteCounts = new Map([
      ['below@x.edu', n - 1],
      ['at@x.edu', n],
      ['above@x.edu', n + 3],
    ]);
    const out = cleanInvitees(
      [row(2, 'below@x.edu'), row(3, 'at@x.edu'), row(4, 'above@x.edu'), row(5, 'new@x.edu')],
      ctx({ cleanInviteCount: n, priorInviteCounts }),
    ).rows;
    expect(out.map((r) => [r.removedReason, r.inviteCount])).toEqual([
      [null, n],
      [`Invited ${n} or more times before`, n + 1],
      [`Invited ${n} or more times before`, n + 4],
      [null, 1],
    ]);
    expect(invitedTooOftenReason(4)).toBe('Invited 4 or more times before');
  });
});

describe('precedence: exactly one reason, the first that applies', () => {
  it('invalid > duplicate > suppressed > member > invited too often', () => {
    const everything = 'all@x.edu';
    const c = ctx({
      suppressed: new Set([everything, 'sm@x.edu']),
      memberEmails: new Set([everything, 'sm@x.edu', 'mi@x.edu']),
      priorInviteCounts: new Map([
        [everything, 9],
        ['mi@x.edu', 9],
      ]),
    });
    expect(
      reasons([row(2, everything), row(3, everything), row(4, 'sm@x.edu'), row(5, 'mi@x.edu'), row(6, 'all@x')], c),
    ).toEqual([
      [2, 'Blocked email'],
      [3, 'Duplicate in file'],
      [4, 'Blocked email'],
      [5, 'Already a member'],
      [6, 'Invalid email'],
    ]);
  });

  it('an invalid row does not make a later valid one a duplicate', () => {
    expect(reasons([row(2, 'a@x'), row(3, 'a@x.edu')])).toEqual([
      [2, 'Invalid email'],
      [3, null],
    ]);
  });
});

describe('counts', () => {
  it('rows, valid, fresh, removed and per reason', () => {
    const { counts } = cleanInvitees(
      [row(2, 'a@x.edu'), row(3, 'a@x.edu'), row(4, 'bad'), row(5, 'old@x.edu'), row(6, 'b@x.edu')],
      ctx({ priorInviteCounts: new Map([['old@x.edu', 1]]) }),
    );
    expect(counts).toEqual({
      rows: 5,
      valid: 3,
      fresh: 2,
      removed: 2,
      byReason: { 'Duplicate in file': 1, 'Invalid email': 1 },
    });
  });

  it('does not change its input', () => {
    const input = [row(3, 'B@x.edu'), row(2, 'b@x.edu')];
    const copy = structuredClone(input);
    cleanInvitees(input, ctx());
    expect(input).toEqual(copy);
  });
});
