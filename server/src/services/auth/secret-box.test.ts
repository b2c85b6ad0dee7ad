import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { codeFor, codeStep, passwordStep, staffWithTwoFactor } from '../../test/two-factor-fixtures.js';
import { keyId, openSecret, resealSecrets, sealSecret } from './secret-box.js';

const KEY_A = 'first-secrets-key-0123456789abcdefghij';
const KEY_B = 'second-secrets-key-0123456789abcdefghi';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: KEY_A });
});
afterAll(() => t.close());

const sealedOf = async (id: number) =>
  (await t.db.selectFrom('accountSecondFactors').select('secret').where('accountId', '=', id).executeTakeFirstOrThrow())
    .secret;
const dbKeyRow = () =>
  t.db.selectFrom('appSecrets').select('name').where('name', '=', 'second-factor-key').executeTakeFirst();

describe('TOTP secrets sealed with SECRETS_KEY', () => {
  it('keeps no key in the database: a copy of it alone opens no TOTP secret', async () => {
    const { id } = await staffWithTwoFactor(t, 'sealed@example.test');
    const sealed = await sealedOf(id);
    expect(sealed.startsWith(`v2.${keyId(KEY_A)}.`)).toBe(true);
    expect(await dbKeyRow()).toBeUndefined();
    // What the review did: read the database, key table included. Nothing there opens it.
    await expect(openSecret(t.db, {}, sealed)).rejects.toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/);
  });

  it('re-encrypts on rotation (SECRETS_KEY_PREVIOUS), and refuses to start when neither key opens a secret', async () => {
    const email = 'rotate@example.test';
    const { id, secret } = await staffWithTwoFactor(t, email);
    Object.assign(t.config, { SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A });
    expect(await resealSecrets(t.db, t.config)).toBeGreaterThanOrEqual(1);
    expect((await sealedOf(id)).startsWith(`v2.${keyId(KEY_B)}.`)).toBe(true);
    // Rotation done: the previous key is no longer needed to sign in.
    Object.assign(t.config, { SECRETS_KEY_PREVIOUS: undefined });
    const { pending } = await passwordStep(t, email);
    expect((await codeStep(t, pending, codeFor(secret, 1))).statusCode).toBe(200);
    await expect(resealSecrets(t.db, { SECRETS_KEY: 'third-secrets-key-0123456789abcdefghij' })).rejects.toThrow(
      /are sealed under a key that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: set SECRETS_KEY_PREVIOUS/,
    );
  });

  it('upgrades secrets sealed under the database key of old, then deletes that key', async () => {
    const email = 'upgrade@example.test';
    Object.assign(t.config, { SECRETS_KEY: undefined });
    const { id, secret } = await staffWithTwoFactor(t, email);
    expect((await sealedOf(id)).startsWith('v1.')).toBe(true);
    expect(await dbKeyRow()).toBeDefined();
    Object.assign(t.config, { SECRETS_KEY: KEY_B });
    expect(await resealSecrets(t.db, t.config)).toBe(1);
    expect((await sealedOf(id)).startsWith(`v2.${keyId(KEY_B)}.`)).toBe(true);
    expect(await dbKeyRow()).toBeUndefined();
    const { pending } = await passwordStep(t, email);
    expect((await codeStep(t, pending, codeFor(secret, 1))).statusCode).toBe(200);
  });

  it('upgrades the Open Badges issuer key sealed under the database key too, before that key is deleted', async () => {
    Object.assign(t.config, { SECRETS_KEY: undefined });
    const sealedV1 = await sealSecret(t.db, t.config, '{"kty":"OKP","d":"private"}');
    expect(sealedV1.startsWith('v1.')).toBe(true);
    await t.db
      .insertInto('issuerKeys')
      .values({ number: 1, publicJwk: '{"kty":"OKP"}', secretKey: sealedV1 })
      .onConflict((oc) => oc.column('number').doUpdateSet({ secretKey: sealedV1 }))
      .execute();
    Object.assign(t.config, { SECRETS_KEY: KEY_B });
    expect(await resealSecrets(t.db, t.config)).toBe(1);
    const { secretKey: issuerSecretKey } = await t.db
      .selectFrom('issuerKeys')
      .select('secretKey')
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(issuerSecretKey.startsWith(`v2.${keyId(KEY_B)}.`)).toBe(true);
    expect(await dbKeyRow()).toBeUndefined();
    expect(await openSecret(t.db, t.config, issuerSecretKey)).toBe('{"kty":"OKP","d":"private"}');
  });
});
