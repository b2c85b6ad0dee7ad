import { open, type FileHandle } from 'node:fs/promises';
import yauzl from 'yauzl';
import { fileErrors, SpreadsheetError } from './errors.js';
import { RATIO_CHECK_MIN_BYTES, type SpreadsheetLimits } from './limits.js';

/*
 * Zip bomb guard for xlsx files: the spreadsheet reader opens an xlsx only through it. The reader
 * (xlsx-parts.ts) inflates the parts it needs and keeps the shared strings in memory, so the guard makes
 * sure, from the central directory, before anything is inflated:
 *  - the parts are few and declare at most `maxUnpackedBytes` in all, none at an absurd ratio;
 *  - the local entries are exactly the listed ones, back to back (nothing hidden between them, no two
 *    sharing compressed bytes), so what the reader inflates is what was checked.
 * Each part the reader inflates must then inflate to exactly the size it declares (xlsx-parts.ts
 * `partText` stops one that inflates to more): the file is inflated once, by the reading itself.
 */

const LOCAL_HEADER = 0x04034b50;
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
/** A data descriptor after an entry's data: 12 to 24 bytes depending on signature and zip64. */
const MAX_DESCRIPTOR = 24;

/** A zip opened for reading its entries one at a time. */
const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    ),
  );

/** Every entry of the central directory, in stored order. */
const readEntries = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Where the central directory starts, from the end of central directory record (zip64 aware). */
async function centralDirectoryOffset(handle: FileHandle, size: number): Promise<number> {
  const tailStart = Math.max(0, size - (22 + 0xffff));
  const tail = await readAt(handle, tailStart, size - tailStart);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD) continue;
    const offset = tail.readUInt32LE(i + 16);
    if (offset !== 0xffffffff) return offset;
    const locator = i - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) break;
    const record = await readAt(handle, Number(tail.readBigUInt64LE(locator + 8)), 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) break;
    return Number(record.readBigUInt64LE(48));
  }
  throw fileErrors.invalid('xlsx');
}

/** Refuses local entries that overlap, leave unlisted bytes between them, or do not start at 0. */
async function checkLayout(file: string, entries: yauzl.Entry[]): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
    let end = 0;
    let slack = 0;
    for (const entry of sorted) {
      const at = entry.relativeOffsetOfLocalHeader;
      if (at < end || at - end > slack) throw fileErrors.suspiciousZip();
      const header = await readAt(handle, at, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw fileErrors.invalid('xlsx');
      end = at + 30 + header.readUInt16LE(26) + header.readUInt16LE(28) + entry.compressedSize;
      slack = entry.generalPurposeBitFlag & 0x8 ? MAX_DESCRIPTOR : 0;
    }
    const directory = await centralDirectoryOffset(handle, size);
    if (directory < end || directory - end > slack) throw fileErrors.suspiciousZip();
  } finally {
    await handle.close();
  }
}

/**
 * Opens the xlsx at `file` once its central directory and layout pass the guard: the zip and its entries
 * in stored order. Throws a SpreadsheetError for staff.
 */
export async function openCheckedZip(
  file: string,
  limits: SpreadsheetLimits,
): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw fileErrors.invalid('xlsx');
  }
  try {
    if (zip.entryCount > limits.maxZipEntries) throw fileErrors.tooManyParts(limits.maxZipEntries);
    const entries = await readEntries(zip);
    let declared = 0;
    for (const entry of entries) {
      if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8))
        throw fileErrors.invalid('xlsx');
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) throw fileErrors.unpacksTooLarge(limits.maxUnpackedBytes);
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_CHECK_MIN_BYTES && ratio > limits.maxCompressionRatio)
        throw fileErrors.suspiciousZip();
    }
    const names = new Set(entries.map((e) => e.fileName));
    if (!names.has('xl/workbook.xml') || !entries.some((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.fileName))) {
      throw fileErrors.invalid('xlsx', 'it has no worksheet');
    }
    await checkLayout(file, entries);
    return { zip, entries };
  } catch (err) {
    zip.close();
    if (err instanceof SpreadsheetError) throw err;
    throw fileErrors.invalid('xlsx');
  }
}
