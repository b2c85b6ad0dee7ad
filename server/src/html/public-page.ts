import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

/*
 * The product's server-rendered pages: the public ones (a certificate's verification, a badge's page for people)
 * as one centred card in the look of the app's public pages (its PublicCard: logo, title, content); the member
 * home as a wide page under a header bar, like the app's member area. Light or dark as the device prefers,
 * readable on a phone. Plain HTML and CSS, no script: a page a stranger opens from a QR code or a
 * résumé paints at once (issue 38 §5).
 */

/** `s` safe inside HTML text and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A date as the pages show it: '2026-03-14T12:00:00Z' -> 'Mar 14, 2026' (UTC); null stays null. */
export const formatDay = (iso: string | null): string | null => (iso ? dayFormat.format(new Date(iso)) : null);

// Mantine's defaults, as the app's theme uses them: body and text colours, dimmed text that keeps AA contrast,
// teal.9 and red.9 for the states, the system font stack, radius md and shadow md.
const BASE = `
:root{color-scheme:light dark;--bg:#f8f9fa;--card:#fff;--text:#000;--dim:#495057;--border:#dee2e6;--valid:#087f5b;--revoked:#c92a2a;--accent:#1c4e80;--field:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--card:#242424;--text:#c9c9c9;--dim:#a6a7ab;--border:#424242;--valid:#38d9a9;--revoked:#ff8787;--accent:#74c0fc;--field:#2e2e2e}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);
font-family:system-ui,sans-serif;font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased}
p{margin:0 0 16px}
a{color:var(--accent)}
button{height:42px;padding:0 18px;font:inherit;font-weight:700;color:#fff;background:#1c4e80;border:0;border-radius:4px;cursor:pointer}`;

// The centred card of the verification and badge pages.
const CARD = `
body{display:flex;align-items:center;justify-content:center;padding:16px}
main{width:440px;max-width:100%;background:var(--card);border:1px solid var(--border);border-radius:8px;padding:32px;
box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05),0 7px 7px -5px rgba(0,0,0,.04)}
@media (max-width:420px){main{padding:24px 20px}}
h1{font-size:26px;line-height:1.35;margin:16px 0;font-weight:700}
.kicker{color:var(--dim);font-size:14px;margin:0}
.state{display:flex;align-items:center;gap:10px;flex-wrap:wrap;margin:0 0 20px;font-size:14px}
.badge{display:inline-block;border-radius:1000px;padding:2px 12px;font-size:12px;font-weight:700;letter-spacing:.25px;text-transform:uppercase;color:#fff}
.valid .badge{background:#087f5b}.revoked .badge{background:#c92a2a}
.state.valid{color:var(--valid);font-weight:700}.state.revoked{color:var(--revoked);font-weight:700}
dl{margin:0;display:grid;gap:14px}
dt{font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.3px;color:var(--dim)}
dd{margin:0;overflow-wrap:anywhere}
form{margin-top:22px;display:grid;gap:8px}
label{font-size:14px;font-weight:700}
.row{display:flex;gap:8px;flex-wrap:wrap}
input{flex:1 1 160px;min-width:0;height:42px;padding:0 12px;font:inherit;color:var(--text);background:var(--field);border:1px solid var(--border);border-radius:4px}
input[aria-invalid=true]{border-color:var(--revoked)}
.hint{color:var(--dim);font-size:14px;margin:0}.error{color:var(--revoked);font-size:14px;margin:0}
.alert{border-left:4px solid var(--revoked);padding:12px 16px;border-radius:4px;background:color-mix(in srgb,var(--revoked) 10%,transparent)}
.links{margin:24px 0 0;font-size:14px}`;

// The signed-in pages (the member home): a header bar the width of the window, the content in a 960-pixel column
// (Mantine's container md), as the app's member area lays them out.
const WIDE = `
.bar{position:sticky;top:0;z-index:1;height:60px;background:var(--card);border-bottom:1px solid var(--border)}
.bar>div,.wide{max-width:960px;margin:0 auto}
.bar>div{height:100%;display:flex;align-items:center;justify-content:space-between;gap:12px;padding:0 12px}
.brand{display:flex;align-items:center;gap:8px;min-width:0;color:inherit;text-decoration:none;font-weight:700}
.brand span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.wide{padding:16px}
@media (min-width:48em){.bar>div{padding:0 16px}.wide{padding:32px 0}}
@media (min-width:62.5em){.bar>div{padding:0}}
@media (min-width:48em) and (max-width:1000px){.wide{padding:32px}}`;

/**
 * The society's mark (client/public/logo.svg) drawn in the page: as an `<img>`, an SVG costs the browser a second
 * document to build before the first paint. `label` names it for a screen reader; without one it is decoration.
 * @example logoMark(48, 'Logo')
 */
export const logoMark = (size: number, label?: string, className?: string) =>
  `<svg${className ? ` class="${className}"` : ''} width="${size}" height="${size}" viewBox="0 0 64 64" ${
    label ? `role="img" aria-label="${escapeHtml(label)}"` : 'aria-hidden="true"'
  }><rect width="64" height="64" rx="14" fill="#1c4e80"/><path d="M32 10l6 13 14 2-10 10 2 14-12-7-12 7 2-14-10-10 14-2z" fill="#f2c14e"/></svg>`;

/** A page's document up to its `<body>`: `title`, `style` (CSS), and `extra` (more of `<head>`, HTML). */
export const documentHead = (title: string, style: string, extra = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex">${extra}<link rel="icon" href="/logo.svg"><style>${style}</style></head>`;

/**
 * Sends a page the server renders: HTML that no cache keeps (`cache`: its Cache-Control), under `status`. A page
 * with forms (`forms`) is sent under the referrer policy `same-origin`: under the site's `no-referrer` a browser
 * posts a form with `Origin: null`, which the access hook refuses as another site's; still nothing goes to others.
 *
 * These pages carry no Cross-Origin-Opener-Policy. Opening a page under one moves it to a browsing context group of
 * its own, and on a phone Chromium gives such a site a renderer process of its own too: measured with Lighthouse
 * mobile on the verification page, the same HTML scored 0.86-0.94 (TBT 280-460 ms, and a layout shift) with the
 * header and 0.98-1.00 (TBT 6-160 ms) without. What the header guards is a page's script state from a window that
 * opened it; these pages run no script and hold no frames, and their forms are checked by Origin (the access hook).
 */
export function sendPage(
  reply: FastifyReply,
  html: string,
  { status = 200, cache = 'no-store', forms = false }: { status?: number; cache?: string; forms?: boolean } = {},
) {
  if (forms) reply.header('referrer-policy', 'same-origin');
  // Set by the security headers' hook (helmet) on the raw answer.
  reply.raw.removeHeader('cross-origin-opener-policy');
  return reply.status(status).header('cache-control', cache).type('text/html; charset=utf-8').send(html);
}

/**
 * A refusal as a page shows it, again with its form: the AppError's status and words (as the error handler answers
 * them to the JSON calls). Anything else is thrown on, to the error handler.
 */
export function pageRefusal(err: unknown): { status: number; message: string } {
  if (err instanceof AppError) return { status: err.status, message: err.message };
  throw err;
}

/**
 * A whole public page: `<title>` and heading `title` (under a small `kicker`, when given), `body` (HTML, its text
 * escaped by the caller) below them.
 * @example publicPage('Certificate verification', `<p>${escapeHtml(text)}</p>`)
 */
export function publicPage(title: string, body: string, kicker?: string): string {
  return `${documentHead(title, BASE + CARD)}
<body><main>${logoMark(48, 'Logo')}${kicker ? `<p class="kicker">${escapeHtml(kicker)}</p>` : ''}<h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * A signed-in page as wide as the app's member area: `header` (HTML: the brand link, the navigation) in a bar
 * across the top, `body` (HTML) in the column below it, `style` (the page's own CSS) after the shell's.
 * @example widePage('Member home', { header: nav, body: cards, style: HOME_STYLE })
 */
export function widePage(
  title: string,
  { header, body, style }: { header: string; body: string; style: string },
): string {
  return `${documentHead(title, BASE + WIDE + style)}
<body><header class="bar"><div>${header}</div></header><main class="wide">${body}</main></body></html>`;
}
