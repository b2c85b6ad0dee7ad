import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { loadConfig } from '../../config.js';
import { createTestDb } from '../../test/helper.js';
import { setServiceConfig } from '../secrets.js';
import { JOIN_SECRET_NAME, joinLinkBuilder, joinSignature, verifyJoinSignature } from './join-link.js';

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await createTestDb());
  setServiceConfig(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://members.example.org/' }));
});
afterAll(async () => {
  setServiceConfig(undefined);
  await close?.();
});

describe('join links', () => {
  it('are PUBLIC_URL/join/{code}?signature= with an HMAC-SHA256 of the code under the stored join secret', async () => {
    const link = await joinLinkBuilder(db);
    const url = link('NWU-7KQ2P');
    const secret = (
      await db.selectFrom('appSecrets').select('value').where('name', '=', JOIN_SECRET_NAME).executeTakeFirstOrThrow()
    ).value;
    const expected = createHmac('sha256', secret).update('join:NWU-7KQ2P').digest('base64url');
    expect(url).toBe(`https://members.example.org/join/NWU-7KQ2P?signature=${expected}`);
    expect(await joinSignature(db, 'NWU-7KQ2P')).toBe(expected);
  });

  it('verify the code they were made for and refuse a changed character, another code or no signature', async () => {
    const signature = await joinSignature(db, 'NWU-7KQ2P');
    expect(await verifyJoinSignature(db, 'NWU-7KQ2P', signature)).toBe(true);
    const changed = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(await verifyJoinSignature(db, 'NWU-7KQ2P', changed)).toBe(false);
    expect(await verifyJoinSignature(db, 'NWU-7KQ2Q', signature)).toBe(false);
    expect(await verifyJoinSignature(db, 'NWU-7KQ2P', signature.slice(1))).toBe(false);
    expect(await verifyJoinSignature(db, 'NWU-7KQ2P', undefined)).toBe(false);
  });
});
