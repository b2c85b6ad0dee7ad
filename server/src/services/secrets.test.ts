import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { loadConfig } from '../config.js';
import { createTestDb } from '../test/helper.js';
import { appSecret, forgetCachedSecrets, setServiceConfig } from './secrets.js';

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await createTestDb(8));
  setServiceConfig(loadConfig({ NODE_ENV: 'test' }));
});
afterAll(async () => {
  setServiceConfig(undefined);
  await close?.();
});

describe('appSecret', () => {
  it('generates a secret once, stores it and answers the stored one after the cache is forgotten', async () => {
    const first = await appSecret(db, 'test-once');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    forgetCachedSecrets();
    expect(await appSecret(db, 'test-once')).toBe(first);
    const rows = await db.selectFrom('appSecrets').selectAll().where('name', '=', 'test-once').execute();
    expect(rows.map((r) => r.value)).toEqual([first]);
  });

  it('concurrent first calls, each on its own connection and without the cache, agree', async () => {
    const values = await Promise.all(
      Array.from({ length: 8 }, async () => {
        forgetCachedSecrets();
        return appSecret(db, 'test-concurrent');
      }),
    );
    expect(new Set(values).size).toBe(1);
    expect(await db.selectFrom('appSecrets').select('value').where('name', '=', 'test-concurrent').execute()).toEqual([
      { value: values[0] },
    ]);
  });

  it('takes the configured value (UNSUBSCRIBE_SECRET) and stores nothing', async () => {
    setServiceConfig(loadConfig({ NODE_ENV: 'test', UNSUBSCRIBE_SECRET: 'configured-secret-0123456789' }));
    try {
      expect(await appSecret(db, 'unsubscribe-hmac')).toBe('configured-secret-0123456789');
      expect(await db.selectFrom('appSecrets').select('name').where('name', '=', 'unsubscribe-hmac').execute()).toEqual(
        [],
      );
    } finally {
      setServiceConfig(loadConfig({ NODE_ENV: 'test' }));
    }
    const generated = await appSecret(db, 'unsubscribe-hmac');
    expect(generated).not.toBe('configured-secret-0123456789');
  });
});
