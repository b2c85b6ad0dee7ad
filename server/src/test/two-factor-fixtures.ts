import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './helper.js';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now (computed independently of the server). */
export const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * A signed-in staff account that turned two-factor sign-in on through the API: its session cookie, TOTP key
 * and recovery codes. Its confirmation used the current step, so the next code to sign in with is `codeFor(secret, 1)`.
 */
export async function staffWithTwoFactor(t: TestApp, email: string) {
  const cookie = await t.signIn({ email });
  const setup = await t.request({ method: 'POST', url: '/api/admin/profile/two-factor/setup', cookie });
  if (setup.statusCode !== 200) throw new Error(`set-up failed: ${setup.body}`);
  const { secret } = setup.json();
  const confirm = await t.request({
    method: 'POST',
    url: '/api/admin/profile/two-factor/confirm',
    payload: { code: codeFor(secret) },
    cookie,
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const { id } = await t.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id, cookie, secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

/** The password step; answers the response and the pending cookie header for the code step. */
export async function passwordStep(t: TestApp, email: string, remoteAddress = '127.0.0.1', password = 'password123') {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const pending = res.cookies.find((c) => c.name === 'sid-pending');
  return { res, pending: pending ? `sid-pending=${pending.value}` : '' };
}

export const codeStep = (t: TestApp, pending: string, code: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login/code', payload: { code }, cookie: pending, remoteAddress });
