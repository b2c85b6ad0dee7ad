import mjml2html from 'mjml';
import { convert } from 'html-to-text';
import type { Db } from '../../db/database.js';
import { VERSIONED_COLUMNS } from './template-version.js';

/**
 * A template turned into pieces once: literal text, `{{token}}` places, link targets (so delivery can
 * wrap them for click tracking) and the place of the open pixel. Personalising a recipient is then a
 * walk over a short array, not a parse.
 */
export type Segment = string | { token: string } | { link: Segment[] } | { pixel: true };

export type CompiledTemplate = {
  subject: Segment[];
  /** The whole HTML document: preheader (the template's preview text) hidden at the top of the body. */
  html: Segment[];
  /** The plain-text part, from the same HTML (tokens kept in place). */
  text: Segment[];
  /** Token ids the template uses (subject, preview, body), first use first. */
  tokens: string[];
};

export type CompileError = { line: number | null; message: string };

export type TemplateSource = { bodyFormat: 'mjml' | 'html'; body: string; subject: string; preview: string };

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** Splits text at `{{token}}` places. */
function tokenSegments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ token: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// The href of an <a> (double or single quoted): the part delivery may rewrite for click tracking.
const ANCHOR_HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])([^"']*)\2/gi;
const BODY_END = /<\/body\s*>/i;

function htmlSegments(html: string): Segment[] {
  const out: Segment[] = [];
  const pixelAt = html.search(BODY_END);
  const body = pixelAt >= 0 ? html.slice(0, pixelAt) : html;
  let last = 0;
  for (const m of body.matchAll(ANCHOR_HREF)) {
    const href = m[3]!;
    const start = m.index + m[1]!.length + 1;
    out.push(...tokenSegments(body.slice(last, start)));
    // mailto:, tel: and in-page anchors stay as written; so does the unsubscribe link (a scanner must not reach it through us).
    if (/^\s*(mailto:|tel:|#|\{\{\s*unsubscribeUrl\s*\}\}\s*$)/i.test(href) || !href.trim())
      out.push(...tokenSegments(href));
    else out.push({ link: tokenSegments(href) });
    last = start + href.length;
  }
  out.push(...tokenSegments(body.slice(last)));
  out.push({ pixel: true });
  if (pixelAt >= 0) out.push(...tokenSegments(html.slice(pixelAt)));
  return merge(out);
}

/** Joins neighbouring literal strings (fewer pieces to walk). */
function merge(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const prev = out[out.length - 1];
    if (typeof s === 'string' && typeof prev === 'string') out[out.length - 1] = prev + s;
    else if (s !== '') out.push(s);
  }
  return out;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The hidden preheader most mail apps show after the subject in the inbox list. */
function withPreheader(html: string, preview: string): string {
  if (!preview.trim()) return html;
  const div =
    '<div style="display:none;font-size:1px;color:#ffffff;line-height:1px;max-height:0px;max-width:0px;opacity:0;overflow:hidden;mso-hide:all;">' +
    `${escapeHtml(preview).replace(/&#39;/g, "'")}</div>`;
  const open = /<body\b[^>]*>/i.exec(html);
  return open ? html.slice(0, open.index + open[0].length) + div + html.slice(open.index + open[0].length) : div + html;
}

function plainText(html: string): string {
  return convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'h5', options: { uppercase: false } },
      { selector: 'h6', options: { uppercase: false } },
      // A link whose text is its address shows once.
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

function firstUses(...lists: Segment[][]): string[] {
  const seen = new Set<string>();
  const walk = (segments: Segment[]) => {
    for (const s of segments) {
      if (typeof s === 'string') continue;
      if ('token' in s) seen.add(s.token);
      else if ('link' in s) walk(s.link);
    }
  };
  lists.forEach(walk);
  return [...seen];
}

/**
 * Compiles a template once: MJML to HTML (mjml 5 is async), the preview text as the hidden preheader,
 * `{{tokenId}}` places kept for `personalise`, and a plain-text part (html-to-text).
 * MJML problems come back as `errors` with their line (null when the MJML cannot be read at all).
 * @example const { compiled, errors } = await compileTemplate({ bodyFormat: 'mjml', body, subject, preview });
 */
export async function compileTemplate(
  t: TemplateSource,
): Promise<{ compiled: CompiledTemplate; errors: CompileError[] }> {
  let html = t.body;
  const errors: CompileError[] = [];
  if (t.bodyFormat === 'mjml') {
    try {
      // No default web fonts: their <link>s would load from a third party in every message (and the CSP blocks them in the preview).
      const result = await mjml2html(t.body, { validationLevel: 'soft', keepComments: false, fonts: {} });
      html = result.html;
      for (const e of result.errors)
        errors.push({ line: typeof e.line === 'number' ? e.line : null, message: e.message });
    } catch (err) {
      html = '';
      errors.push({ line: null, message: err instanceof Error ? err.message : String(err) });
    }
  }
  const text = tokenSegments(plainText(html));
  const body = htmlSegments(withPreheader(html, t.preview));
  const subject = tokenSegments(t.subject);
  return { compiled: { subject, html: body, text, tokens: firstUses(subject, body) }, errors };
}

export type CompiledVersion = CompiledTemplate & {
  versionId: number;
  templateId: number;
  fromName: string;
  fromEmail: string;
  replyToEmail: string;
};

// Versions never change once written, so a compiled version is good for the life of the process.
const versions = new Map<number, Promise<CompiledVersion>>();
const MAX_CACHED = 200;

/** The template version `id` compiled, once per process (versions are immutable). */
export function compiledVersion(db: Db, templateVersionId: number): Promise<CompiledVersion> {
  let pending = versions.get(templateVersionId);
  if (!pending) {
    if (versions.size >= MAX_CACHED) versions.delete(versions.keys().next().value!);
    pending = (async () => {
      const v = await db
        .selectFrom('emailTemplateVersions')
        .select(['id', 'templateId', ...VERSIONED_COLUMNS])
        .where('id', '=', templateVersionId)
        .executeTakeFirst();
      if (!v) throw new Error(`Email template version ${templateVersionId} not found`);
      const { compiled } = await compileTemplate(v);
      return {
        ...compiled,
        versionId: v.id,
        templateId: v.templateId,
        fromName: v.fromName,
        fromEmail: v.fromEmail,
        replyToEmail: v.replyToEmail,
      };
    })();
    versions.set(templateVersionId, pending);
    pending.catch(() => versions.delete(templateVersionId));
  }
  return pending;
}

/** What delivery adds to a personalised HTML body: each link wrapped, and the open pixel. */
export type Tracking = { link: (url: string) => string; pixel: string };

const decodeEntities = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]!,
  );

function fill(segments: Segment[], values: Record<string, string>, escape: boolean, tracking?: Tracking): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'string') out += s;
    else if ('token' in s) {
      const v = values[s.token];
      out += v === undefined ? `{{${s.token}}}` : escape ? escapeHtml(v) : v;
    } else if ('link' in s) {
      if (!tracking) out += fill(s.link, values, escape);
      else {
        // The real address (entities decoded, values raw), wrapped, then written back as an attribute value.
        const url = decodeEntities(fill(s.link, values, false).trim());
        out += escapeHtml(tracking.link(url));
      }
    } else if (tracking) out += tracking.pixel;
  }
  return out;
}

/**
 * One recipient's message: `{{id}}` replaced by its value (HTML-escaped in the HTML, as is in subject
 * and text); an unknown token stays as written. `tracking` (delivery only) wraps links and adds the pixel.
 * @example personalise(compiled, { firstName: 'Ada' }) // { subject, html, text }
 */
export function personalise(
  compiled: CompiledTemplate,
  values: Record<string, string>,
  tracking?: Tracking,
): { subject: string; html: string; text: string } {
  return {
    subject: fill(compiled.subject, values, false),
    html: fill(compiled.html, values, true, tracking),
    text: fill(compiled.text, values, false),
  };
}
