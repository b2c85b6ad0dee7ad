import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { TestApp } from './helper.js';

const b64 = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * An independent check of a Compact JWS (an Open Badge's VC-JWT, the signed status list): Node's own Ed25519
 * verify, with the public key the issuer publishes at the header's `kid` (fetched signed out), not the key the
 * JWS carries. `ok` is false when the signature does not match; a key not served (404, 410) fails the test.
 * @example const { ok, header, payload } = await verifyJws(t.request, jwt);
 */
export async function verifyJws(request: TestApp['request'], jws: string) {
  const [header, payload, signature] = jws.split('.');
  const h = b64(header!);
  const res = await request({ method: 'GET', url: new URL(h.kid).pathname, cookie: '' });
  expect(res.statusCode, res.body).toBe(200);
  const jwk = res.json();
  expect(jwk.d).toBeUndefined();
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  const ok = cryptoVerify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature!, 'base64url'));
  return { ok, header: h, payload: b64(payload!) };
}

/** A credential's bit in the society's revocation status list (PUBLIC_URL/status/revocation, read signed out). */
export async function revokedBit(request: TestApp['request'], index: number) {
  const list = (await request({ method: 'GET', url: '/status/revocation', cookie: '' })).json();
  expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
  const bytes = gunzipSync(Buffer.from(list.credentialSubject.encodedList.slice(1), 'base64url'));
  expect(bytes.length * 8).toBeGreaterThanOrEqual(131_072);
  return (bytes[index >> 3]! >> (7 - (index & 7))) & 1;
}
