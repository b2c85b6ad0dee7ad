import { ZodError } from 'zod';
import { RequestValidationError } from '@ts-rest/fastify';
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD } from '@app/contract';

/*
 * New and reset passwords: the contract keeps the spec's minimum length (8); the server also refuses
 * the ~49,000 most common passwords (OWASP ASVS 2.1.7). The list is loaded once, here on the server
 * only: the zod schemas the client shares never see it, so it stays out of the browser bundle.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Throws a 400 `{message, issues}` on the body field `field` when the password is too common, the
 * same shape as the contract's own validation, so forms show it beside the field.
 */
export function assertPasswordAllowed(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const body = new ZodError([{ code: 'custom', path: [field], message: COMMON_PASSWORD }]);
  throw new RequestValidationError(null, null, null, body);
}
