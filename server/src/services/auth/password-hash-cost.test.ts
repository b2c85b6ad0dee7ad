import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { productionEnv } from '../../test/production-env.js';
import { hashPassword, verifyPassword } from './passwords.js';

// The suite hashes at the low cost (vitest.config.ts); this file proves what production hashes with.
describe('password hash cost', () => {
  // process.env itself: vi.stubEnv sets import.meta.env, which in a shared worker is not always process.env.
  const saved = process.env.PASSWORD_HASH_COST;
  const setCost = (value: string | undefined) =>
    value === undefined ? delete process.env.PASSWORD_HASH_COST : (process.env.PASSWORD_HASH_COST = value);
  afterEach(() => setCost(saved));

  it('hashes at the standard argon2id cost unless told otherwise, and verifies it', async () => {
    setCost(undefined);
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
  });

  it('hashes at the smallest cost with PASSWORD_HASH_COST=low, still argon2id', async () => {
    setCost('low');
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ ...productionEnv, PASSWORD_HASH_COST: 'low' })).toThrow(
      'PASSWORD_HASH_COST: low is for tests only',
    );
    expect(loadConfig({ ...productionEnv, PASSWORD_HASH_COST: 'standard' }).PASSWORD_HASH_COST).toBe('standard');
  });
});
