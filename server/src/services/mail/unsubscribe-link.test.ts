import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { loadConfig } from '../../config.js';
import { createTestDb } from '../../test/helper.js';
import { setServiceConfig } from '../secrets.js';
import {
  unsubscribeApiUrl,
  unsubscribeSignature,
  unsubscribeUrl,
  verifyUnsubscribeSignature,
} from './unsubscribe-link.js';

const crypto = vi.hoisted(() => ({ compared: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      crypto.compared++;
      return actual.timingSafeEqual(a, b);
    },
  };
});

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

const ids = { invitationId: 12, emailId: 345, inviteeId: 6789 };

describe('unsubscribe links', () => {
  it('builds the page and one-click URLs under PUBLIC_URL with the signature', async () => {
    const signature = await unsubscribeSignature(db, ids);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await unsubscribeUrl(db, ids)).toBe(
      `https://members.example.org/unsubscribe/12/345/6789?signature=${signature}`,
    );
    expect(await unsubscribeApiUrl(db, ids)).toBe(
      `https://members.example.org/api/public/invitations/12/email/345/6789/unsubscribe?signature=${signature}`,
    );
  });

  it("takes the caller's base when given", async () => {
    expect(await unsubscribeUrl(db, ids, { baseUrl: 'https://app.example.net/' })).toMatch(
      /^https:\/\/app\.example\.net\/unsubscribe\/12\/345\/6789\?signature=/,
    );
    expect(await unsubscribeApiUrl(db, ids, { baseUrl: 'https://app.example.net' })).toMatch(
      /^https:\/\/app\.example\.net\/api\/public\/invitations\/12\/email\/345\/6789\/unsubscribe\?signature=/,
    );
  });

  it('defaults the base to http://localhost:PORT', async () => {
    setServiceConfig(loadConfig({ NODE_ENV: 'test', PORT: '4123' }));
    try {
      expect(await unsubscribeUrl(db, ids)).toMatch(/^http:\/\/localhost:4123\/unsubscribe\/12\/345\/6789\?signature=/);
    } finally {
      setServiceConfig(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://members.example.org/' }));
    }
  });

  it('verifies its own signature in constant time, says which kind of link it signs, and refuses others', async () => {
    const signature = await unsubscribeSignature(db, ids);
    crypto.compared = 0;
    expect(await verifyUnsubscribeSignature(db, ids, signature)).toBe('send');
    expect(
      await verifyUnsubscribeSignature(db, ids, await unsubscribeSignature(db, { ...ids, kind: 'reminder' })),
    ).toBe('reminder');
    expect(await verifyUnsubscribeSignature(db, ids, await unsubscribeSignature(db, { ...ids, kind: 'tickler' }))).toBe(
      'tickler',
    );
    expect(await verifyUnsubscribeSignature(db, { ...ids, inviteeId: 6790 }, signature)).toBe(null);
    expect(
      await verifyUnsubscribeSignature(db, ids, signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A')),
    ).toBe(null);
    expect(await verifyUnsubscribeSignature(db, ids, 'short')).toBe(null);
    // Every candidate kind is compared every time, whichever matched.
    expect(crypto.compared).toBe(6 * 3);
    const test = { ...ids, emailId: 0 };
    expect(await verifyUnsubscribeSignature(db, test, await unsubscribeSignature(db, test))).toBe('test');
    expect(await verifyUnsubscribeSignature(db, ids, undefined)).toBe(null);
    expect(await verifyUnsubscribeSignature(db, ids, '')).toBe(null);
  });

  it('signs a reminder link apart from a send link with the same ids', async () => {
    expect(await unsubscribeSignature(db, { ...ids, kind: 'reminder' })).not.toBe(await unsubscribeSignature(db, ids));
    expect(await unsubscribeSignature(db, { ...ids, kind: 'send' })).toBe(await unsubscribeSignature(db, ids));
  });

  it('string and number ids sign alike', async () => {
    expect(await unsubscribeSignature(db, { invitationId: '12', emailId: '345', inviteeId: '6789' })).toBe(
      await unsubscribeSignature(db, ids),
    );
  });
});
