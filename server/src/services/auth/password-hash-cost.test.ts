import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { productionEnv } from '../../test/production-env.js';
import { hashPassword, verifyPassword } from './passwords.js';

// The suite hashes at the low cost (vitest.config.ts); this file proves what production hashes with.
describe('password hash cost', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('hashes at the standard argon2id cost unless told otherwise, and verifies it', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', undefined);
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
  });

  it('hashes at the smallest cost with PASSWORD_HASH_COST=low, still argon2id', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', 'low');
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
