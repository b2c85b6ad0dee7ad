import { verify, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * Amazon SNS HTTP(S) notifications: signature checks (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA)
 * with the certificate named by SigningCertURL, fetched only over https from an sns.<region>.amazonaws.com
 * host (or a prefix in SNS_TRUSTED_CERT_PREFIXES, for tests; refused in production), and cached; or, with
 * SNS_SIGNING_CERTS, only with the certificates pinned there (nothing fetched: a server with no way out to
 * AWS). The certificate must be issued to SNS (sns.amazonaws.com), and the message no older than an hour.
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

// sns.<region>: a region is letters-and-dashes then a digit (us-east-1, us-gov-west-1, cn-north-1), so an S3
// bucket's host (sns.s3.amazonaws.com) or any other service's is not one.
const SNS_HOST = /^sns\.[a-z]{2}(-[a-z]+)+-\d{1,2}\.amazonaws\.com(\.cn)?$/;

/** The name SNS's signing certificates are issued to. */
export const SNS_CERT_NAME = 'sns.amazonaws.com';

/** How old a message may be (SNS retries an HTTP delivery within its delivery policy, an hour at most here). */
export const SNS_MAX_AGE_SECONDS = 3600;

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

/** Whether a certificate is one SNS signs with: issued to sns.amazonaws.com (or its URL's SNS host), and in date. */
export function isSnsCertificate(cert: X509Certificate, url: string, now = Date.now()): boolean {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  const named =
    cert.checkHost(SNS_CERT_NAME, { subject: 'always' }) !== undefined ||
    (SNS_HOST.test(host) && cert.checkHost(host, { subject: 'always' }) !== undefined);
  return named && Date.parse(cert.validFrom) <= now && now <= Date.parse(cert.validTo);
}

/** The public key of a signing certificate, fetched once per URL (failed fetches are not kept). */
function signingKey(url: string): Promise<KeyObject> {
  let key = certificates.get(url);
  if (!key) {
    key = (async () => {
      const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`certificate fetch answered ${res.status}`);
      const pem = await res.text();
      if (pem.length > 20_000) throw new Error('certificate too large');
      const cert = new X509Certificate(pem);
      if (!isSnsCertificate(cert, url)) throw new Error(`not an SNS signing certificate: ${cert.subject}`);
      return cert.publicKey;
    })();
    key.catch(() => certificates.delete(url));
    if (certificates.size >= CERT_CACHE_MAX) certificates.delete(certificates.keys().next().value!);
    certificates.set(url, key);
  }
  return key;
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The public keys of pinned SNS signing certificates (SNS_SIGNING_CERTS: the PEM text of one or more); throws
 * when there is none, or one is not an SNS signing certificate (issued to sns.amazonaws.com, in date).
 */
export function pinnedSnsKeys(pem: string): KeyObject[] {
  const certs = (pem.match(PEM_CERT) ?? []).map((block) => new X509Certificate(block));
  if (!certs.length) throw new Error('no certificate in it');
  const wrong = certs.find((c) => !isSnsCertificate(c, ''));
  if (wrong) throw new Error(`not an SNS signing certificate in date: ${wrong.subject}`);
  return certs.map((c) => c.publicKey);
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
 * Whether an SNS message is genuine: its topic is one of `topics`, its Timestamp within the last hour (a
 * replayed old message is refused), its certificate URL an SNS one, the certificate SNS's, and its
 * signature verifies with that certificate (with `pinned` keys, pinnedSnsKeys: with one of them, nothing
 * fetched). Never throws: any doubt is false.
 */
export async function verifySnsMessage(
  m: SnsMessage,
  opts: { topics: readonly string[]; trustedPrefixes?: readonly string[]; pinned?: readonly KeyObject[] },
): Promise<boolean> {
  if (!opts.topics.includes(m.TopicArn)) return false;
  const age = (Date.now() - Date.parse(m.Timestamp)) / 1000;
  if (!(age <= SNS_MAX_AGE_SECONDS && age >= -300)) return false;
  if (!isSnsUrl(m.SigningCertURL, opts.trustedPrefixes)) return false;
  const algorithm = m.SignatureVersion === '1' ? 'sha1' : m.SignatureVersion === '2' ? 'sha256' : null;
  if (!algorithm) return false;
  const signed = (key: KeyObject) =>
    verify(algorithm, Buffer.from(snsCanonicalString(m)), key, Buffer.from(m.Signature, 'base64'));
  try {
    if (opts.pinned?.length) return opts.pinned.some(signed);
    return signed(await signingKey(m.SigningCertURL));
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
