import { contract, INVALID_CODE, WRONG_CODE_OR_PASSWORD } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';
import { verifyPassword } from '../../services/auth/passwords.js';
import {
  confirmSecondFactor,
  removeSecondFactor,
  secondFactorStatus,
  startSecondFactorSetup,
  useSecondFactorCode,
} from '../../services/auth/second-factor.js';
import {
  assertAttemptAllowed,
  attemptFailed,
  attemptSucceeded,
  beginAttempt,
  throttleRules,
} from '../../services/auth/throttle.js';

export const ALREADY_ON = 'Two-factor sign-in is already on';
export const NO_SETUP = 'Start the set-up again: no key is waiting for a code';
export const OWN_RESET = 'Turn your own two-factor sign-in off on your profile';

/** The signed-in staff member's second factor (their own only) and the reset of another account's. */
export const twoFactorRoutes = s.router(contract.twoFactor, {
  status: async ({ request }) => {
    const status = await secondFactorStatus(request.server.db, request.account!.id);
    return { status: 200, body: { ...status, required: request.server.config.REQUIRE_STAFF_2FA } };
  },

  setup: async ({ request }) => {
    const setup = await startSecondFactorSetup(request.server.db, request.account!);
    if (!setup) throw new AppError(409, ALREADY_ON);
    return { status: 200, body: setup };
  },

  confirm: async ({ body, request }) => {
    const me = request.account!;
    const result = await request.server.db.transaction().execute(async (trx) => {
      const codes = await confirmSecondFactor(trx, me.id, body.code);
      if (Array.isArray(codes))
        await writeAuditRow(trx, { action: 'two-factor-on', entity: 'accounts', entityId: me.id });
      return codes;
    });
    if (result === 'none') throw new AppError(409, NO_SETUP);
    if (result === 'wrong')
      throw new AppError(400, INVALID_CODE, undefined, [{ path: ['code'], message: INVALID_CODE }]);
    return { status: 200, body: { recoveryCodes: result } };
  },

  disable: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const me = request.account!;
    // A stolen session must not turn the factor off by guessing: throttled like a sign-in, under keys of its
    // own, so guesses here never lock the owner's sign-in out.
    const rules = throttleRules(config);
    const attempt = await beginAttempt(db, `two-factor-off:${me.email.toLowerCase()}`, request.ip, rules);
    assertAttemptAllowed(reply, attempt);
    const ok = body.code
      ? !!(await useSecondFactorCode(db, me.id, body.code))
      : await passwordIsRight(me.id, body.password ?? '');
    if (!ok) {
      await attemptFailed(db, rules);
      throw new AppError(400, WRONG_CODE_OR_PASSWORD, undefined, [
        { path: [body.code ? 'code' : 'password'], message: WRONG_CODE_OR_PASSWORD },
      ]);
    }
    await attemptSucceeded(db, attempt);
    await db.transaction().execute(async (trx) => {
      if (await removeSecondFactor(trx, me.id))
        await writeAuditRow(trx, {
          action: 'two-factor-off',
          entity: 'accounts',
          entityId: me.id,
          detail: { confirmedWith: body.code ? 'code' : 'password' },
        });
    });
    return { status: 204, body: undefined };

    async function passwordIsRight(accountId: number, password: string) {
      const row = await db.selectFrom('accounts').select('passwordHash').where('id', '=', accountId).executeTakeFirst();
      return verifyPassword(row?.passwordHash ?? null, password);
    }
  },

  reset: async ({ params, request }) => {
    const { db } = request.server;
    if (params.id === request.account!.id) throw new AppError(400, OWN_RESET);
    const found = await db.transaction().execute(async (trx) => {
      const account = await trx.selectFrom('accounts').select('id').where('id', '=', params.id).executeTakeFirst();
      if (!account) return false;
      if (await removeSecondFactor(trx, params.id))
        await writeAuditRow(trx, { action: 'two-factor-reset', entity: 'accounts', entityId: params.id });
      return true;
    });
    if (!found) throw notFound('Account');
    return { status: 204, body: undefined };
  },
});
