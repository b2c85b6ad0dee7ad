import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/*
 * A DKIM verifier for tests (RFC 6376, rsa-sha256 with relaxed or simple canonicalisation), recomputing the
 * signature of a message as a receiving server would: the body hash (bh=) and the signature (b=) over the
 * signed header fields with the public key. No DNS: the key is given.
 */

const relaxedHeader = (field: string) => {
  const i = field.indexOf(':');
  const value = field
    .slice(i + 1)
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${field.slice(0, i).trim().toLowerCase()}:${value}`;
};

function canonBody(body: string, relaxed: boolean): string {
  let lines = body.split('\r\n');
  if (relaxed) lines = lines.map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.length ? lines.join('\r\n') + '\r\n' : relaxed ? '' : '\r\n';
}

export type DkimResult = { ok: true; domain: string; selector: string } | { ok: false; reason: string };

/** Verifies the (first) DKIM-Signature of a raw message (CRLF line ends) with `publicKey` (PEM or KeyObject). */
export function verifyDkim(raw: string, publicKey: string | KeyObject): DkimResult {
  const at = raw.indexOf('\r\n\r\n');
  if (at < 0) return { ok: false, reason: 'no body' };
  const fields = raw
    .slice(0, at + 2)
    .split(/\r\n(?![ \t])/)
    .filter(Boolean);
  const sigField = fields.find((f) => /^dkim-signature:/i.test(f));
  if (!sigField) return { ok: false, reason: 'no DKIM-Signature' };
  const tags = new Map(
    sigField
      .slice(sigField.indexOf(':') + 1)
      .split(';')
      .map((t) => t.replace(/\s+/g, ''))
      .filter(Boolean)
      .map((t) => [t.slice(0, t.indexOf('=')), t.slice(t.indexOf('=') + 1)] as const),
  );
  if (tags.get('a') !== 'rsa-sha256') return { ok: false, reason: `algorithm ${tags.get('a')}` };
  const [hc, bc = 'simple'] = (tags.get('c') ?? 'simple/simple').split('/');
  const body = canonBody(raw.slice(at + 4), bc === 'relaxed');
  const bh = createHash('sha256').update(body, 'utf8').digest('base64');
  if (bh !== tags.get('bh')) return { ok: false, reason: 'body hash differs' };
  // Each name in h= takes the last unused field of that name (bottom up).
  const used = new Set<string>();
  const signed = (tags.get('h') ?? '').split(':').map((name) => {
    for (let i = fields.length - 1; i >= 0; i--) {
      const f = fields[i]!;
      if (!used.has(f) && f.slice(0, f.indexOf(':')).trim().toLowerCase() === name.toLowerCase()) {
        used.add(f);
        return hc === 'relaxed' ? relaxedHeader(f) + '\r\n' : f + '\r\n';
      }
    }
    return '';
  });
  const unsignedSig = sigField.replace(/(\bb=)[^;]*/, '$1');
  const data = signed.join('') + (hc === 'relaxed' ? relaxedHeader(unsignedSig) : unsignedSig);
  const ok = verify(
    'sha256',
    Buffer.from(data, 'utf8'),
    typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey,
    Buffer.from(tags.get('b')!, 'base64'),
  );
  return ok
    ? { ok: true, domain: tags.get('d')!, selector: tags.get('s')! }
    : { ok: false, reason: 'signature does not verify' };
}
