import { Secret, TOTP } from 'otpauth';

/** The issuer authenticator apps show beside the account's email. */
export const TOTP_ISSUER = 'Honor Society Admin';

/** A new random TOTP key (160 bits, as RFC 4226 recommends), in base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** The `otpauth://totp/...` address a QR code carries (RFC 6238, SHA-1, 6 digits, 30 s: what every app reads). */
export const totpUri = (secret: string, label: string): string => totpOf(secret, label).toString();

/**
 * The 30-second step `code` belongs to when it is right within one step either way (clock drift), else
 * null. The caller accepts a step only once (see second-factor.ts).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
