import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CODE, SIGN_IN_EXPIRED } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { codeFor, codeStep, passwordStep, staffWithTwoFactor } from '../../test/two-factor-fixtures.js';
import { LOCKED_MESSAGE } from '../../services/auth/code-lockout.js';

let t: TestApp;
beforeAll(async () => {
  // The sign-in throttle set high: what stops the guesses here must be the cap on wrong codes.
  t = await createTestApp({ LOGIN_MAX_FAILURES: '100' });
});
afterAll(() => t.close());

/** A six-digit code that is none of the three the server accepts now. */
function wrongCode(secret: string): string {
  const right = new Set([-1, 0, 1].map((s) => codeFor(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!right.has(code)) return code;
  }
}

const confirmWith = (path: 'two-factor/disable' | 'two-factor/recovery-codes', cookie: string, code: string) =>
  t.request({ method: 'POST', url: `/api/admin/profile/${path}`, payload: { code }, cookie });

describe('one cap on wrong second-factor codes per account, whichever call brings them', () => {
  it('locks after 10 wrong codes across the sign-in and the profile calls, refuses even the right code, audits it and emails the account', async () => {
    const email = 'locked@example.test';
    const { id, cookie, secret } = await staffWithTwoFactor(t, email);
    const { pending } = await passwordStep(t, email);
    const wrong = wrongCode(secret);
    // The review's attack: each call kind had its own throttle, so the buckets added up.
    for (let i = 0; i < 5; i++) expect((await codeStep(t, pending, wrong)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await confirmWith('two-factor/disable', cookie, wrong)).statusCode).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await confirmWith('two-factor/recovery-codes', cookie, wrong)).statusCode).toBe(400);
    const tenth = await codeStep(t, pending, wrong);
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().message).toBe(LOCKED_MESSAGE('15 minutes'));
    expect(Number(tenth.headers['retry-after'])).toBe(900);

    // Locked: the right code is refused too, at sign-in and on the profile.
    const right = await codeStep(t, pending, codeFor(secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many wrong codes: two-factor sign-in is locked for this account/);
    expect((await confirmWith('two-factor/disable', cookie, codeFor(secret, 1))).statusCode).toBe(429);

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['accountId', 'detail'])
      .where('action', '=', 'two-factor-locked')
      .where('entityId', '=', String(id))
      .execute();
    expect(audit).toEqual([{ accountId: null, detail: { failedCodes: 10, minutes: 15 } }]);
    const mail = await t.db
      .selectFrom('emailOutbox')
      .select(['toAddress', 'subject', 'text'])
      .where('toAddress', '=', email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Two-factor sign-in locked after wrong codes');
    expect(mail[0]!.text).toContain('10 wrong two-factor codes in a row');

    // Once the lock has passed, the right code signs in and the count starts again.
    await t.db
      .updateTable('accountSecondFactors')
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where('accountId', '=', id)
      .execute();
    expect((await codeStep(t, pending, codeFor(secret, 1))).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('accountSecondFactors')
      .select('failedCodes')
      .where('accountId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.failedCodes).toBe(0);
  }, 60_000);

  it('counts wrong codes in a row: a right one starts again', async () => {
    const email = 'reset-count@example.test';
    const { id, cookie, secret, recoveryCodes } = await staffWithTwoFactor(t, email);
    const wrong = wrongCode(secret);
    for (let i = 0; i < 9; i++) expect((await confirmWith('two-factor/disable', cookie, wrong)).statusCode).toBe(400);
    const { pending } = await passwordStep(t, email);
    expect((await codeStep(t, pending, recoveryCodes[0]!)).statusCode).toBe(200);
    const { pending: again } = await passwordStep(t, email);
    const res = await codeStep(t, again, wrong);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_CODE);
    const row = await t.db
      .selectFrom('accountSecondFactors')
      .select(['failedCodes', 'lockedUntil'])
      .where('accountId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failedCodes: 1, lockedUntil: null });
  }, 60_000);
});

describe('the pending second-factor cookie', () => {
  it('works once: after the code is accepted, the same cookie with another good code is refused', async () => {
    const email = 'once@example.test';
    const { secret, recoveryCodes } = await staffWithTwoFactor(t, email);
    const { pending } = await passwordStep(t, email);
    expect((await codeStep(t, pending, codeFor(secret, 1))).statusCode).toBe(200);
    // The review's replay: the cookie kept from the first sign-in, with a fresh (recovery) code.
    const replay = await codeStep(t, pending, recoveryCodes[0]!);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: SIGN_IN_EXPIRED });
    expect(replay.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // The recovery code was not spent on it: a new password step takes it.
    const { pending: fresh } = await passwordStep(t, email);
    expect((await codeStep(t, fresh, recoveryCodes[0]!)).statusCode).toBe(200);
  }, 30_000);
});
