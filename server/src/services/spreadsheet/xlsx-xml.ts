/*
 * Just enough XML for the parts of an xlsx, read straight from their text (no DOM, no event objects):
 * tags with or without a namespace prefix (`<x:row>` as the OpenXML SDK writes), attributes in any
 * order, text with the predefined entities and character references, CDATA, comments and processing
 * instructions. A DTD is skipped, never read, so no entity can expand (no "billion laughs").
 */

const LT = 60;
const GT = 62;
const SLASH = 47;
const COLON = 58;
const EQUALS = 61;
const QUOTE = 34;
const APOSTROPHE = 39;
const BANG = 33;
const QUESTION = 63;

/** Thrown on text that cannot be XML; the reader turns it into "not a valid xlsx file". */
export class MalformedXml extends Error {
  override readonly name = 'MalformedXml';
}

export const malformed = () => new MalformedXml('malformed xml');

export type Tag = {
  /** Where its '<' is. */
  start: number;
  /** Just past its '>'. */
  end: number;
  /** `<a>`, `</a>`, `<a/>`, or a comment, CDATA section, processing instruction or declaration. */
  kind: 'open' | 'close' | 'empty' | 'other';
  /** The namespace prefix with its colon ('x:'), or ''. */
  prefix: string;
  /** The name without its prefix ('' for 'other'). */
  name: string;
  /** The attributes' text: from just after the name to just before '>' or '/>'. */
  attrsStart: number;
  attrsEnd: number;
};

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

/** Comments, CDATA, processing instructions and declarations (a DOCTYPE's internal subset is skipped whole). */
function readOther(x: string, at: number): Tag | undefined {
  const after = (closing: string, from: number) => {
    const i = x.indexOf(closing, from);
    return i < 0 ? -1 : i + closing.length;
  };
  let end: number;
  if (x.startsWith('<!--', at)) end = after('-->', at + 4);
  else if (x.startsWith('<![CDATA[', at)) end = after(']]>', at + 9);
  else if (x.charCodeAt(at + 1) === QUESTION) end = after('?>', at + 2);
  else {
    const gt = x.indexOf('>', at);
    const bracket = x.indexOf('[', at);
    const subset = bracket >= 0 && (gt < 0 || bracket < gt) ? after(']', bracket) : -2;
    end = subset === -2 ? (gt < 0 ? -1 : gt + 1) : subset < 0 ? -1 : after('>', subset);
  }
  if (end < 0) return undefined;
  return { start: at, end, kind: 'other', prefix: '', name: '', attrsStart: end, attrsEnd: end };
}

/**
 * The tag whose '<' is at `at`; undefined when `x` ends before the tag does (more text may complete it).
 * Throws MalformedXml when it cannot be a tag.
 */
export function readTag(x: string, at: number): Tag | undefined {
  const first = x.charCodeAt(at + 1);
  if (Number.isNaN(first)) return undefined;
  if (first === BANG || first === QUESTION) return readOther(x, at);
  const close = first === SLASH;
  const nameStart = close ? at + 2 : at + 1;
  let colon = -1;
  let i = nameStart;
  for (; i < x.length; i++) {
    const c = x.charCodeAt(i);
    if (c === GT || c === SLASH || isSpace(c)) break;
    if (c === COLON) colon = i;
    else if (c === LT) throw malformed();
  }
  if (i >= x.length) return undefined;
  if (i === nameStart || colon === i - 1) throw malformed();
  const attrsStart = i;
  // To the '>' that ends the tag: a '>' inside a quoted attribute value does not.
  let quote = 0;
  for (; i < x.length; i++) {
    const c = x.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === GT) break;
    else if (c === QUOTE || c === APOSTROPHE) quote = c;
    else if (c === LT) throw malformed();
  }
  if (i >= x.length) return undefined;
  const empty = !close && i > attrsStart && x.charCodeAt(i - 1) === SLASH;
  return {
    start: at,
    end: i + 1,
    kind: close ? 'close' : empty ? 'empty' : 'open',
    prefix: colon < 0 ? '' : x.slice(nameStart, colon + 1),
    name: x.slice(colon < 0 ? nameStart : colon + 1, attrsStart),
    attrsStart,
    attrsEnd: empty ? i - 1 : i,
  };
}

/** Calls `fn` with each attribute of a tag (name as written, prefix included; value decoded). */
export function eachAttribute(x: string, tag: Tag, fn: (name: string, value: string) => void): void {
  let i = tag.attrsStart;
  const end = tag.attrsEnd;
  for (;;) {
    while (i < end && isSpace(x.charCodeAt(i))) i++;
    if (i >= end) return;
    const nameStart = i;
    while (i < end && x.charCodeAt(i) !== EQUALS && !isSpace(x.charCodeAt(i))) i++;
    const name = x.slice(nameStart, i);
    while (i < end && isSpace(x.charCodeAt(i))) i++;
    if (x.charCodeAt(i) !== EQUALS || !name) throw malformed();
    i++;
    while (i < end && isSpace(x.charCodeAt(i))) i++;
    const quote = x.charCodeAt(i);
    if (quote !== QUOTE && quote !== APOSTROPHE) throw malformed();
    const close = x.indexOf(quote === QUOTE ? '"' : "'", i + 1);
    if (close < 0 || close >= end) throw malformed();
    fn(name, decodeText(x.slice(i + 1, close)));
    i = close + 1;
  }
}

/** One attribute's value (decoded), or undefined. */
export function attribute(x: string, tag: Tag, name: string): string | undefined {
  let found: string | undefined;
  eachAttribute(x, tag, (n, v) => {
    if (n === name) found = v;
  });
  return found;
}

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text as XML means it: line ends normalised to '\n', entities and character references decoded. */
export function decodeText(raw: string): string {
  let s = raw;
  if (s.includes('\r')) s = s.replace(/\r\n?/g, '\n');
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, named?: string, dec?: string, hex?: string) => {
    if (named) return NAMED[named]!;
    const code = dec ? Number(dec) : Number.parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text that starts at `from` and ends at the next tag (CDATA sections and comments are part of it). */
export function textAt(x: string, from: number): string {
  let lt = x.indexOf('<', from);
  if (lt < 0) throw malformed();
  if (x.charCodeAt(lt + 1) !== BANG) return decodeText(x.slice(from, lt));
  let text = '';
  for (let i = from; ;) {
    lt = x.indexOf('<', i);
    if (lt < 0) throw malformed();
    text += decodeText(x.slice(i, lt));
    if (x.startsWith('<![CDATA[', lt)) {
      const end = x.indexOf(']]>', lt + 9);
      if (end < 0) throw malformed();
      text += x.slice(lt + 9, end).replace(/\r\n?/g, '\n');
      i = end + 3;
    } else if (x.startsWith('<!--', lt)) {
      const end = x.indexOf('-->', lt + 4);
      if (end < 0) throw malformed();
      i = end + 3;
    } else return text;
  }
}

/** Each tag in x[from, to), in order; a tag cut off by `to` is malformed. */
export function* tagsIn(x: string, from = 0, to = x.length): Generator<Tag> {
  for (let i = from; ;) {
    const lt = x.indexOf('<', i);
    if (lt < 0 || lt >= to) return;
    const tag = readTag(x, lt);
    if (!tag || tag.end > to) throw malformed();
    yield tag;
    i = tag.end;
  }
}

/**
 * The text of a string item (a shared string's `<si>`, an inline string's `<is>`) in x[from, to): its
 * `<t>`, or the `<t>` of its rich text runs joined, leaving out phonetic runs (`<rPh>`, the reading of
 * East Asian text). Undefined when it has no `<t>` at all.
 */
export function stringItemText(x: string, from: number, to: number): string | undefined {
  let text: string | undefined;
  let phonetic = 0;
  for (const tag of tagsIn(x, from, to)) {
    if (tag.name === 't') {
      if (phonetic) continue;
      if (tag.kind === 'open') text = (text ?? '') + textAt(x, tag.end);
      else if (tag.kind === 'empty') text ??= '';
    } else if (tag.name === 'rPh') {
      if (tag.kind === 'open') phonetic++;
      else if (tag.kind === 'close') phonetic--;
    }
  }
  return text;
}
