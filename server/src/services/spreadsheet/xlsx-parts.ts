import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { fileErrors } from './errors.js';
import { ItemScanner } from './xlsx-scan.js';
import { DATE_FORMAT, type Book } from './xlsx-sheet.js';
import { attribute, eachAttribute, stringItemText, tagsIn } from './xlsx-xml.js';
import type { SpreadsheetLimits } from './limits.js';
import { openCheckedZip } from './zip-guard.js';

/*
 * The parts of an xlsx read from its zip in any order (yauzl reads the central directory, then each
 * part where it lies): the workbook, its relationships, the styles and the shared strings first, then
 * the chosen worksheet, streamed.
 */

/**
 * An open xlsx: its parts by lower-case name (part names are case-insensitive) and in stored order, and
 * those inflated whole so far (each found to inflate to its declared size).
 */
export type XlsxZip = {
  zip: yauzl.ZipFile;
  parts: Map<string, yauzl.Entry>;
  stored: yauzl.Entry[];
  inflated: Set<yauzl.Entry>;
  close: () => void;
};

/** The xlsx at `file`, opened once the zip bomb guard passes it (zip-guard.ts). */
export async function openXlsx(file: string, limits: SpreadsheetLimits): Promise<XlsxZip> {
  const { zip, entries: stored } = await openCheckedZip(file, limits);
  const parts = new Map(stored.map((e) => [e.fileName.toLowerCase(), e]));
  return { zip, parts, stored, inflated: new Set(), close: () => zip.close() };
}

/** Inflated chunks of this size: fewer, larger pieces for the scanners than zlib's default 16 KB. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A part's bytes as it inflates. It must inflate to exactly the size its entry declares: one that inflates
 * to more is a zip bomb, refused as soon as it passes its size. Leaving early destroys the streams.
 */
async function* partBytes(xlsx: XlsxZip, entry: yauzl.Entry): AsyncGenerator<Buffer> {
  const raw = await new Promise<Readable>((resolve, reject) =>
    xlsx.zip.openReadStream(entry, { decodeFileData: false }, (err, s) =>
      err || !s ? reject(err ?? new Error('no stream')) : resolve(s),
    ),
  );
  const inflated = entry.compressionMethod === 8 ? raw.pipe(createInflateRaw({ chunkSize: CHUNK_BYTES })) : raw;
  if (inflated !== raw) raw.once('error', (err) => inflated.destroy(err));
  let bytes = 0;
  try {
    for await (const chunk of inflated as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > entry.uncompressedSize) throw fileErrors.suspiciousZip();
      yield chunk;
    }
    if (bytes !== entry.uncompressedSize) throw fileErrors.invalid('xlsx');
    xlsx.inflated.add(entry);
  } finally {
    inflated.destroy();
    raw.destroy();
  }
}

/** A part's text in pieces as it inflates (UTF-8, or UTF-16 after its byte order mark); see partBytes. */
export async function* partText(xlsx: XlsxZip, entry: yauzl.Entry): AsyncGenerator<string> {
  let decoder: StringDecoder | undefined;
  for await (const chunk of partBytes(xlsx, entry)) {
    decoder ??= new StringDecoder(chunk[0] === 0xff && chunk[1] === 0xfe ? 'utf16le' : 'utf8');
    yield decoder.write(chunk);
  }
  if (decoder) yield decoder.end();
}

/**
 * Inflates, keeping nothing, each part the reading has not inflated whole (images, other sheets): one
 * that inflates to more than it declares refuses the file as a zip bomb, wherever it lies. With the
 * reading, every part is inflated once.
 */
export async function checkOtherParts(xlsx: XlsxZip): Promise<void> {
  for (const entry of xlsx.stored) {
    if (entry.fileName.endsWith('/') || xlsx.inflated.has(entry)) continue;
    for await (const _ of partBytes(xlsx, entry));
  }
}

async function wholeText(xlsx: XlsxZip, entry: yauzl.Entry): Promise<string> {
  let text = '';
  for await (const piece of partText(xlsx, entry)) text += piece;
  return text;
}

/** A relationship target as a part name: relative to xl/ (where the workbook is), or absolute. */
export function partName(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const segments: string[] = [];
  for (const s of path.split('/')) {
    if (s === '..') segments.pop();
    else if (s && s !== '.') segments.push(s);
  }
  return segments.join('/').toLowerCase();
}

type Relationship = { type: string; part: string };

export function parseRelationships(xml: string): Map<string, Relationship> {
  const rels = new Map<string, Relationship>();
  for (const tag of tagsIn(xml)) {
    if (tag.name !== 'Relationship' || tag.kind === 'close' || tag.kind === 'other') continue;
    const id = attribute(xml, tag, 'Id');
    const target = attribute(xml, tag, 'Target');
    if (id && target && attribute(xml, tag, 'TargetMode') !== 'External')
      rels.set(id, { type: attribute(xml, tag, 'Type') ?? '', part: partName(target) });
  }
  return rels;
}

/** The workbook's tabs in order (their relationship ids) and its date system. */
export function parseWorkbook(xml: string): { sheetIds: string[]; date1904: boolean } {
  const sheetIds: string[] = [];
  let date1904 = false;
  for (const tag of tagsIn(xml)) {
    if (tag.kind === 'close' || tag.kind === 'other') continue;
    if (tag.name === 'workbookPr') {
      const value = attribute(xml, tag, 'date1904');
      date1904 = value === '1' || value === 'true';
    } else if (tag.name === 'sheet') {
      // The relationship id is the prefixed `id` attribute (r:id), whatever the prefix.
      eachAttribute(xml, tag, (name, value) => {
        if (name.endsWith(':id')) sheetIds.push(value);
      });
    }
  }
  return { sheetIds, date1904 };
}

/** Built-in number formats that show dates or times (ECMA-376 18.8.30, with the East Asian and Thai ones). */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);

/** A format code shows a date or time when it has d, m, y, h or s outside quoted text, [colours or conditions] and escapes. */
export function isDateFormat(code: string): boolean {
  return /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, ''));
}

/** What each cell style (cellXfs, in order) does to numbers: DATE_FORMAT, a '00000' width, or 0. */
export function parseStyles(xml: string): number[] {
  const codes = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  for (const tag of tagsIn(xml)) {
    if (tag.name === 'cellXfs') inCellXfs = tag.kind === 'open';
    if (tag.kind !== 'open' && tag.kind !== 'empty') continue;
    if (tag.name === 'numFmt')
      codes.set(Number(attribute(xml, tag, 'numFmtId')), attribute(xml, tag, 'formatCode') ?? '');
    else if (tag.name === 'xf' && inCellXfs) formatIds.push(Number(attribute(xml, tag, 'numFmtId') ?? 0));
  }
  return formatIds.map((id) => {
    const code = codes.get(id);
    if (code === undefined) return BUILT_IN_DATES.has(id) ? DATE_FORMAT : 0;
    if (isDateFormat(code)) return DATE_FORMAT;
    return /^0+$/.test(code) ? code.length : 0;
  });
}

/** The shared strings, streamed (the part can be large): kept in memory as an array, as Excel's cells point into it. */
async function readSharedStrings(xlsx: XlsxZip, entry: yauzl.Entry): Promise<string[]> {
  const strings: string[] = [];
  const scanner = new ItemScanner('sst', 'si', (x, tag, contentEnd) => {
    strings.push(tag.kind === 'empty' ? '' : (stringItemText(x, tag.end, contentEnd) ?? ''));
  });
  for await (const piece of partText(xlsx, entry)) if (!scanner.finished) scanner.push(piece);
  scanner.end();
  return strings;
}

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * What reading a worksheet needs (shared strings, styles, date system) and which worksheet to read: the
 * workbook's first tab that is a worksheet; the first worksheet stored when the workbook does not say.
 */
export async function readBook(xlsx: XlsxZip): Promise<{ book: Book; sheet: yauzl.Entry }> {
  const workbookEntry = xlsx.parts.get('xl/workbook.xml');
  if (!workbookEntry) throw fileErrors.invalid('xlsx', 'it has no worksheet');
  const workbook = parseWorkbook(await wholeText(xlsx, workbookEntry));
  const relsEntry = xlsx.parts.get('xl/_rels/workbook.xml.rels');
  const rels = relsEntry ? parseRelationships(await wholeText(xlsx, relsEntry)) : new Map<string, Relationship>();
  const related = (type: string, fallback: string) =>
    xlsx.parts.get([...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.part ?? fallback) ??
    xlsx.parts.get(fallback);

  let sheet: yauzl.Entry | undefined;
  for (const id of workbook.sheetIds) {
    const rel = rels.get(id);
    sheet = rel && rel.type.endsWith('/worksheet') ? xlsx.parts.get(rel.part) : undefined;
    if (sheet) break;
  }
  sheet ??= xlsx.stored.find((e) => WORKSHEET_PART.test(e.fileName));
  if (!sheet) throw fileErrors.invalid('xlsx', 'it has no worksheet');

  const stylesEntry = related('styles', 'xl/styles.xml');
  const stringsEntry = related('sharedStrings', 'xl/sharedstrings.xml');
  return {
    sheet,
    book: {
      styleFormats: stylesEntry ? parseStyles(await wholeText(xlsx, stylesEntry)) : [],
      sharedStrings: stringsEntry ? await readSharedStrings(xlsx, stringsEntry) : [],
      date1904: workbook.date1904,
    },
  };
}
