import { gzipSync } from 'node:zlib';

/*
 * The Bitstring Status List (W3C VC Bitstring Status List v1.0) of the society's badge revocations: bit i (the
 * most significant bit of byte 0 is index 0) is 1 when the credential with statusListIndex i is revoked. The list
 * is at least 16 KB (131,072 entries), the specification's minimum for herd privacy; `encodedList` is the
 * GZIP-compressed bitstring, base64url, with the multibase prefix 'u'.
 */

export const STATUS_LIST_MIN_BITS = 131_072;

export function encodeStatusList(revoked: number[]): string {
  const bits = Math.max(STATUS_LIST_MIN_BITS, Math.ceil((Math.max(-1, ...revoked) + 1) / 8) * 8);
  const bytes = new Uint8Array(bits / 8);
  for (const index of revoked) bytes[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}
