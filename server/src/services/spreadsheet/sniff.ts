import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileErrors, type FileKind } from './errors.js';
import type { SpreadsheetLimits } from './limits.js';

/** Bytes read to tell the content's kind. */
export const SNIFF_BYTES = 64 * 1024;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The kind the file's name promises: its extension, case-insensitive. */
export function kindOf(fileName: string): FileKind {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  if (ext === 'csv' || ext === 'xlsx' || ext === 'xls') return ext;
  throw fileErrors.unsupported(ext);
}

/** A UTF-16 byte order mark: such a text has NUL bytes in every other place and is still text. */
export const hasUtf16Bom = (head: Buffer) =>
  head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));

/** What the first bytes are: a zip (xlsx), an OLE container (xls), text (csv) or none of these. */
export function contentKind(head: Buffer): FileKind | undefined {
  if (head.subarray(0, 4).equals(ZIP) || head.subarray(0, 4).equals(EMPTY_ZIP)) return 'xlsx';
  if (head.subarray(0, 8).equals(CFB)) return 'xls';
  if (hasUtf16Bom(head)) return 'csv';
  if (head.includes(0)) return undefined;
  // An HTML page saved as .xls or .csv is text too, but not a table we can read.
  if (
    /^\s*</.test(
      head
        .subarray(0, 256)
        .toString('latin1')
        .replace(/^\uFEFF|^ï»¿/, ''),
    )
  )
    return undefined;
  return 'csv';
}

/**
 * Refuses a file that is empty, too large, or whose content is not what its extension says. Answers
 * the kind to read it as.
 */
export async function sniffFile(file: string, fileName: string, limits: SpreadsheetLimits): Promise<FileKind> {
  const kind = kindOf(fileName);
  const { size } = await stat(file);
  if (size === 0) throw fileErrors.empty();
  if (size > limits.maxFileBytes) throw fileErrors.tooLarge(limits.maxFileBytes);
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const actual = contentKind(head);
  if (actual === kind) return kind;
  if (kind === 'xlsx' && actual === 'xls') throw fileErrors.cfbNamedXlsx();
  throw fileErrors.wrongContent(kind, actual);
}
