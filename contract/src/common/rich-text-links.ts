/*
 * The addresses a rich-text document may hold: links the learner may follow, images and files, and the
 * YouTube and Wistia videos its embeds play (read from any address the staff paste). The document's check
 * (rich-text.ts) and the editor's embeds both read them here.
 */

/** The longest address a document may hold (MAX_LINK_LENGTH). */
export const MAX_LINK_LENGTH = 2048;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * The video id of a YouTube link in one of its forms, else null: youtube.com/watch?v=ID (www., m.,
 * music.), youtube.com/embed/ID, /shorts/ID, /live/ID, /v/ID, youtube-nocookie.com/embed/ID, youtu.be/ID.
 * @example youtubeVideoId('https://youtu.be/dQw4w9WgXcQ') // 'dQw4w9WgXcQ'
 */
export function youtubeVideoId(raw: string): string | null {
  const url = parseUrl(raw.trim());
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (/^((www|m|music)\.)?youtube\.com$/.test(host) || /^(www\.)?youtube-nocookie\.com$/.test(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first && ['embed', 'shorts', 'live', 'v'].includes(first)) id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The embed address the renderer uses for a YouTube video. */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

/**
 * The media id of a Wistia link of the `{host}/medias/{id}` form (host: wistia.com or wistia.net or a
 * subdomain of them, https), else null.
 * @example wistiaMediaId('https://society.wistia.com/medias/e4a27b971d') // 'e4a27b971d'
 */
export function wistiaMediaId(raw: string): string | null {
  const url = parseUrl(raw.trim());
  if (!url || url.protocol !== 'https:') return null;
  if (!/(^|\.)wistia\.(com|net)$/.test(url.hostname.toLowerCase())) return null;
  const m = /^\/medias\/([a-z0-9]{4,32})\/?$/i.exec(url.pathname);
  return m ? m[1]! : null;
}

/** The embed address the renderer uses for a Wistia video. */
export const wistiaEmbedUrl = (id: string) => `https://fast.wistia.net/embed/iframe/${id}`;

/**
 * Spec 03 §5 link rule: a link with no scheme, a dot and no spaces gets 'https://'.
 * @example normaliseLink('example.org/a') // 'https://example.org/a'; normaliseLink('mailto:a@b.c') unchanged
 */
export function normaliseLink(raw: string): string {
  const href = raw.trim();
  if (
    !/^[a-z][a-z0-9+.-]*:/i.test(href) &&
    !href.startsWith('/') &&
    !href.startsWith('#') &&
    href.includes('.') &&
    !/\s/.test(href)
  ) {
    return `https://${href}`;
  }
  return href;
}

/** A link the learner may follow: http, https or mailto (after `normaliseLink`), or a path on this site. */
export function isSafeLink(raw: string): boolean {
  const href = normaliseLink(raw);
  if (href.length > MAX_LINK_LENGTH || /[\u0000-\u001f\s]/.test(href)) return false;
  if (/^\/(?![/\\])/.test(href) || /^#[\w-]*$/.test(href)) return true;
  const url = parseUrl(href);
  return !!url && ['http:', 'https:', 'mailto:'].includes(url.protocol);
}

/** An image or file address: http(s) or a path on this site (uploads are `/api/files/{id}/{name}`). */
export function isSafeMediaUrl(raw: string): boolean {
  if (raw.length > MAX_LINK_LENGTH || /[\u0000-\u001f\s]/.test(raw)) return false;
  if (/^\/(?![/\\])/.test(raw)) return true;
  const url = parseUrl(raw);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:');
}
