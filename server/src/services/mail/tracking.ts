import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { appSecret } from '../secrets.js';
import type { Tracking } from './render.js';

/** The absolute base of links in emails: PUBLIC_URL, else http://localhost:PORT. */
export function publicBaseUrl(config: { PUBLIC_URL?: string | undefined; PORT: number }): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export const TRACKING_SECRET = 'email-tracking-hmac';

const mac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64url').slice(0, 22);

export const openSignature = (key: string, sendId: number) => mac(key, `open:${sendId}`);
export const clickSignature = (key: string, sendId: number, url: string) => mac(key, `click:${sendId}:${url}`);

/** Constant-time comparison of a signature from a link with the expected one. */
export function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The open pixel and click redirect of one send, signed with the tracking key (generated once, in
 * app_secrets), under `base` (PUBLIC_URL). Only http(s) links are wrapped.
 */
export function trackingFor(base: string, key: string, sendId: number): Tracking {
  return {
    link: (url) =>
      /^https?:\/\//i.test(url)
        ? `${base}/api/public/email/click/${sendId}/${clickSignature(key, sendId, url)}?u=${encodeURIComponent(url)}`
        : url,
    pixel: `<img src="${base}/api/public/email/open/${sendId}/${openSignature(key, sendId)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;" />`,
  };
}

export const trackingKey = (db: Db) => appSecret(db, TRACKING_SECRET);

// Gmail's and Yahoo's image proxies fetch a message's images when the reader opens it (and cache them):
// their fetch is a person's open, from the proxy's address.
const IMAGE_PROXY_AGENTS = /GoogleImageProxy|ggpht\.com|YahooMailProxy/i;
// Other proxies fetch every image when a message arrives (Apple Mail Privacy Protection) or scan it:
// their fetch says nothing about a person reading.
const MACHINE_AGENTS = /Yahoo! Slurp|OutlookImageProxy|Apple-?Mail-?Privacy|Front\/[\d.]+ \(\+https:\/\/front\.com/i;
// Apple's MPP fetches come from Apple's own network (17.0.0.0/8) with a bare "Mozilla/5.0" agent.
const APPLE_NETWORK = /^(::ffff:)?17\./;

/** A fetch through Gmail's or Yahoo's image proxy: a person opened the message. */
export const isImageProxy = (userAgent: string | null) => IMAGE_PROXY_AGENTS.test(userAgent ?? '');

/** An open by a prefetching proxy (Apple MPP and the like) rather than a person: a machine open, recorded with automated=true, not counted. */
export function isAutomatedOpen(req: { userAgent: string | null; ip: string | null }): boolean {
  const ua = req.userAgent?.trim() ?? '';
  if (isImageProxy(ua)) return false;
  if (!ua || MACHINE_AGENTS.test(ua)) return true;
  if (req.ip && APPLE_NETWORK.test(req.ip)) return true;
  return ua === 'Mozilla/5.0';
}

/**
 * Who an open or click came from, as the events panel shows it: a person (directly or through Gmail's or
 * Yahoo's image proxy, both counted), a machine open (a privacy proxy's prefetch) or a link scanner (not counted).
 */
export function eventOrigin(e: {
  name: string;
  automated: boolean;
  userAgent: string | null;
}): 'person' | 'image-proxy' | 'machine-open' | 'link-scanner' | null {
  if (e.name !== 'opened' && e.name !== 'clicked') return null;
  if (e.automated) return e.name === 'opened' ? 'machine-open' : 'link-scanner';
  return e.name === 'opened' && isImageProxy(e.userAgent) ? 'image-proxy' : 'person';
}

// Security gateways and previewers open every link of an arriving message to check it.
const SCANNER_AGENTS =
  /bot\b|crawler|spider|scanner|preview|Barracuda|Proofpoint|urldefense|Mimecast|Symantec|MessageLabs|Trend ?Micro|Forcepoint|Sophos|FireEye|Cisco|IronPort|Safe ?Links|Microsoft Office|ms-office|Microsoft-Windows|python-requests|python-urllib|curl\/|wget|Go-http-client|HeadlessChrome|PhantomJS|Java\/|okhttp|axios|node-fetch|undici|libwww|Apache-HttpClient/i;
/** A click this soon after the message left is a machine's: no person opens and clicks that fast. */
export const SCANNER_WINDOW_MS = 10_000;

/** A click by a link scanner rather than a person: recorded with automated=true, not counted. */
export function isAutomatedClick(req: {
  userAgent: string | null;
  method: string;
  sentAt: Date | null;
  at: Date;
}): boolean {
  if (req.method === 'HEAD') return true;
  const ua = req.userAgent?.trim() ?? '';
  if (!ua || SCANNER_AGENTS.test(ua)) return true;
  return req.sentAt !== null && req.at.getTime() - req.sentAt.getTime() < SCANNER_WINDOW_MS;
}
