import { contract, PASSWORD_LINK_INVALID, PASSWORD_SET } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import { hashNewPassword } from '../../services/auth/passwords.js';
import { passwordLinkAccount, usePasswordLink } from '../../services/auth/password-links.js';
import { throttledCheck, throttleRules } from '../../services/auth/throttle.js';
import { forgotPassword } from './forgot-password.js';

// Longer than any token we issue (43 characters): not looked up at all.
const TOKEN_MAX = 100;

/** Issue 34: the page of an emailed set-password link sets the password; no session needed or opened. */
export const publicPasswordRoutes = s.router(contract.publicPassword, {
  setPassword: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const token = body.token?.trim() ?? '';
    // A wrong link counts as a failed attempt of this address (one key per token, so no one locks out the others).
    const throttle = { key: `set-password:${token.slice(0, 16)}`, address: request.ip, rules: throttleRules(config) };
    const live = await throttledCheck(
      db,
      reply,
      throttle,
      async () => token.length > 0 && token.length <= TOKEN_MAX && (await passwordLinkAccount(db, token)) !== undefined,
    );
    if (!live) throw new AppError(400, PASSWORD_LINK_INVALID);
    // The costly hash (and the common-password refusal, which leaves the link usable) before the link is used.
    const passwordHash = await hashNewPassword(body.password, 'password');
    if (!(await usePasswordLink(db, token, passwordHash, request.ip))) throw new AppError(400, PASSWORD_LINK_INVALID);
    return { status: 200, body: { message: PASSWORD_SET } };
  },

  forgotPassword: async ({ body, request, reply }) => forgotPassword(request, reply, body.email),
});
