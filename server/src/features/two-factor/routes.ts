import type { FastifyRequest } from 'fastify';
import { contract, INVALID_CODE, WRONG_CODE_OR_PASSWORD, type TwoFactorDisableInput } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';
import { verifyPassword } from '../../services/auth/passwords.js';
import {
  confirmSecondFactor,
  removeSecondFactor,
  replaceRecoveryCodes,
  secondFactorOn,
  secondFactorStatus,
  startSecondFactorSetup,
} from '../../services/auth/two-factor.js';
import { checkSecondFactorCode } from '../../services/auth/code-lockout.js';
import { throttledCheck, throttleRules } from '../../services/auth/throttle.js';

export const ALREADY_ON = 'Two-factor sign-in is already on';
export const NO_SETUP = 'Start the set-up again: no key is waiting for a code';
export const NOT_ON = 'Two-factor sign-in is not on';
export const OWN_RESET = 'Turn your own two-factor sign-in off on your profile';

/** The signed-in staff member's second factor (their own only) and the reset of another account's. */
export const twoFactorRoutes = s.router(contract.twoFactor, {
  status: async ({ request }) => {
    const status = await secondFactorStatus(request.server.db, request.account!.id);
    return { status: 200, body: { ...status, required: request.server.config.REQUIRE_STAFF_2FA } };
  },

  setup: async ({ request }) => {
    const setup = await startSecondFactorSetup(request.server.db, request.server.config, request.account!);
    if (!setup) throw new AppError(409, ALREADY_ON);
    return { status: 200, body: setup };
  },

  confirm: async ({ body, request }) => {
    const me = request.account!;
    const result = await request.server.db.transaction().execute(async (trx) => {
      const codes = await confirmSecondFactor(trx, request.server.config, me.id, body.code);
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
    const me = request.account!;
    await confirmItIsThem(request, reply, body);
    await request.server.db.transaction().execute(async (trx) => {
      if (await removeSecondFactor(trx, me.id))
        await writeAuditRow(trx, {
          action: 'two-factor-off',
          entity: 'accounts',
          entityId: me.id,
          detail: { confirmedWith: body.code ? 'code' : 'password' },
        });
    });
    return { status: 204, body: undefined };
  },

  recoveryCodes: async ({ body, request, reply }) => {
    const me = request.account!;
    if (!(await secondFactorOn(request.server.db, me.id))) throw new AppError(409, NOT_ON);
    await confirmItIsThem(request, reply, body);
    const codes = await request.server.db.transaction().execute(async (trx) => {
      const fresh = await replaceRecoveryCodes(trx, me.id);
      await writeAuditRow(trx, {
        action: 'recovery-codes-replaced',
        entity: 'accounts',
        entityId: me.id,
        detail: { confirmedWith: body.code ? 'code' : 'password' },
      });
      return fresh;
    });
    return { status: 200, body: { recoveryCodes: codes } };
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

/**
 * Turning the factor off or replacing its codes asks again who this is: a current code (used up) or the
 * password. A stolen session must not get through by guessing, so it is throttled like a sign-in, under
 * keys of its own; a wrong code also counts toward the account's one cap on wrong codes (code-lockout.ts).
 * Throws 400 when wrong, 429 when throttled or locked.
 */
async function confirmItIsThem(
  request: FastifyRequest,
  reply: Parameters<typeof throttledCheck>[1],
  body: TwoFactorDisableInput,
) {
  const { db, config } = request.server;
  const me = request.account!;
  const throttle = {
    key: `two-factor-off:${me.email.toLowerCase()}`,
    address: request.ip,
    rules: throttleRules(config),
  };
  const ok = await throttledCheck(db, reply, throttle, async () =>
    body.code
      ? !!(await checkSecondFactorCode(request, reply, me.id, body.code))
      : verifyPassword(
          (await db.selectFrom('accounts').select('passwordHash').where('id', '=', me.id).executeTakeFirst())
            ?.passwordHash ?? null,
          body.password ?? '',
        ),
  );
  if (!ok)
    throw new AppError(400, WRONG_CODE_OR_PASSWORD, undefined, [
      { path: [body.code ? 'code' : 'password'], message: WRONG_CODE_OR_PASSWORD },
    ]);
}
