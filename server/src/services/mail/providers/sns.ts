import { verify, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * Amazon SNS HTTP(S) notifications: signature checks (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA)
 * with the certificate named by SigningCertURL, fetched only over https from an sns.<region>.amazonaws.com
 * host (or a prefix in SNS_TRUSTED_CERT_PREFIXES, for tests), and cached.
 */
export type SnsMessage = {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
};

const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_KEYS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;

/** The string SNS signs: `Key\nValue\n` for each field of the message's type, in this order (Subject only when present). */
export function snsCanonicalString(m: SnsMessage): string {
  const keys = m.Type === 'Notification' ? NOTIFICATION_KEYS : SUBSCRIPTION_KEYS;
  return keys
    .filter((k) => m[k] !== undefined)
    .map((k) => `${k}\n${m[k]}\n`)
    .join('');
}

const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** Whether SNS may send us to `url` (a certificate or a subscription address): https on an SNS host, or a trusted test prefix. */
export function isSnsUrl(url: string, trustedPrefixes: readonly string[] = []): boolean {
  if (trustedPrefixes.some((p) => p && url.startsWith(p))) return true;
  try {
    const u = new URL(url);
    return (
      u.protocol === 'https:' &&
      SNS_HOST.test(u.hostname) &&
      !u.username &&
      !u.password &&
      (u.port === '' || u.port === '443')
    );
  } catch {
    return false;
  }
}

const CERT_CACHE_MAX = 50;
const certificates = new Map<string, Promise<KeyObject>>();

/** The public key of a signing certificate, fetched once per URL (failed fetches are not kept). */
function signingKey(url: string): Promise<KeyObject> {
  let key = certificates.get(url);
  if (!key) {
    key = (async () => {
      const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`certificate fetch answered ${res.status}`);
      const pem = await res.text();
      if (pem.length > 20_000) throw new Error('certificate too large');
      return new X509Certificate(pem).publicKey;
    })();
    key.catch(() => certificates.delete(url));
    if (certificates.size >= CERT_CACHE_MAX) certificates.delete(certificates.keys().next().value!);
    certificates.set(url, key);
  }
  return key;
}

/** Reads an SNS message from its JSON text, or null when it is not one (missing or non-string fields). */
export function parseSnsMessage(text: string): SnsMessage | null {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const r = m as Record<string, unknown>;
  const strings = [
    'Type',
    'MessageId',
    'TopicArn',
    'Message',
    'Timestamp',
    'SignatureVersion',
    'Signature',
    'SigningCertURL',
  ];
  if (!strings.every((k) => typeof r[k] === 'string')) return null;
  if (!['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'].includes(r.Type as string)) return null;
  for (const k of ['Subject', 'SubscribeURL', 'Token']) if (r[k] !== undefined && typeof r[k] !== 'string') return null;
  return r as SnsMessage;
}

/**
 * Whether an SNS message is genuine: its topic is one of `topics`, its certificate URL an SNS one, and
 * its signature verifies with that certificate. Never throws: any doubt is false.
 */
export async function verifySnsMessage(
  m: SnsMessage,
  opts: { topics: readonly string[]; trustedPrefixes?: readonly string[] },
): Promise<boolean> {
  if (!opts.topics.includes(m.TopicArn)) return false;
  if (!isSnsUrl(m.SigningCertURL, opts.trustedPrefixes)) return false;
  const algorithm = m.SignatureVersion === '1' ? 'sha1' : m.SignatureVersion === '2' ? 'sha256' : null;
  if (!algorithm) return false;
  try {
    const key = await signingKey(m.SigningCertURL);
    return verify(algorithm, Buffer.from(snsCanonicalString(m)), key, Buffer.from(m.Signature, 'base64'));
  } catch {
    return false;
  }
}

/** Confirms a verified SubscriptionConfirmation by fetching its SubscribeURL (an SNS address only). */
export async function confirmSnsSubscription(m: SnsMessage, trustedPrefixes: readonly string[] = []): Promise<boolean> {
  if (!m.SubscribeURL || !isSnsUrl(m.SubscribeURL, trustedPrefixes)) return false;
  const res = await fetch(m.SubscribeURL, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  await res.body?.cancel();
  return res.ok;
}
