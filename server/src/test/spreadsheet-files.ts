import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { afterAll } from 'vitest';
import { readInviteeFile, type RawRow } from '../services/invitee-database/index.js';
import type { ReadOptions } from '../services/spreadsheet/index.js';

/** A temporary folder for one test file's generated spreadsheets, removed after its tests. */
export function tempFiles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'spreadsheet-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    path: (name: string) => path.join(dir, name),
    write(name: string, content: string | Uint8Array): string {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return file;
    },
  };
}

/** Every row of a file read as an invitee database (the reader's tests use its columns), or the error it is refused with. */
export async function readAll(file: string, fileName = path.basename(file), opts?: ReadOptions): Promise<RawRow[]> {
  const rows: RawRow[] = [];
  for await (const row of readInviteeFile(file, fileName, opts)) rows.push(row);
  return rows;
}

export type ZipPart = {
  name: string;
  /** The bytes stored (already deflated when `method` is 8). */
  data: Buffer;
  /** Method written in the headers: 8 deflate (default) or 0 stored. */
  method?: 0 | 8;
  /** The uncompressed size the headers declare (a bomb may lie). */
  size: number;
  crc?: number;
};

/**
 * A zip written byte by byte, so a test can make the headers say what it wants: local entries back to
 * back, then the central directory. A `hidden` local entry is written after part `after` but left out of
 * the directory; `alias` adds directory entries pointing at an earlier part's local header.
 */
export function buildZip(
  parts: ZipPart[],
  extra: { hidden?: { after: number; part: ZipPart }; alias?: Array<{ name: string; of: number }> } = {},
): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  // A header: little-endian fields [bits, value, byte offset] in a buffer of `size` bytes, then the name.
  const header = (size: number, name: Buffer, fields: Array<[16 | 32, number, number]>) => {
    const h = Buffer.alloc(size);
    for (const [bits, value, at] of fields) {
      if (bits === 16) h.writeUInt16LE(value, at);
      else h.writeUInt32LE(value, at);
    }
    return Buffer.concat([h, name]);
  };
  const localHeader = (p: ZipPart) => {
    const name = Buffer.from(p.name);
    const sizes: Array<[16 | 32, number, number]> = [
      [32, p.crc ?? 0, 14],
      [32, p.data.length, 18],
      [32, p.size, 22],
      [16, name.length, 26],
    ];
    return Buffer.concat([
      header(30, name, [[32, 0x04034b50, 0], [16, 20, 4], [16, p.method ?? 8, 8], ...sizes]),
      p.data,
    ]);
  };
  const centralHeader = (p: ZipPart, at: number, nameOverride?: string) => {
    const name = Buffer.from(nameOverride ?? p.name);
    const sizes: Array<[16 | 32, number, number]> = [
      [32, p.crc ?? 0, 16],
      [32, p.data.length, 20],
      [32, p.size, 24],
      [16, name.length, 28],
    ];
    return header(46, name, [
      [32, 0x02014b50, 0],
      [16, 20, 4],
      [16, 20, 6],
      [16, p.method ?? 8, 10],
      ...sizes,
      [32, at, 42],
    ]);
  };
  const write = (p: ZipPart, listed: boolean) => {
    const bytes = localHeader(p);
    if (listed) {
      offsets.push(offset);
      central.push(centralHeader(p, offset));
    }
    local.push(bytes);
    offset += bytes.length;
  };
  parts.forEach((p, i) => {
    write(p, true);
    if (extra.hidden?.after === i) write(extra.hidden.part, false);
  });
  for (const a of extra.alias ?? []) central.push(centralHeader(parts[a.of]!, offsets[a.of]!, a.name));
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

/** A part whose content is `content`, honestly declared. */
export const textPart = (
  name: string,
  content: string | Buffer,
  deflate: (b: Buffer) => Buffer = deflateRawSync,
): ZipPart => {
  const raw = Buffer.from(content);
  return { name, data: deflate(raw), size: raw.length, crc: crc32(raw) };
};

/** The parts of a zip file, inflated, in stored order. */
export async function unzipParts(file: string): Promise<Array<{ name: string; content: Buffer }>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (err, z) => (err || !z ? reject(err) : resolve(z))),
  );
  const parts: Array<{ name: string; content: Buffer }> = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (err, stream) => {
        if (err || !stream) return reject(err);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        parts.push({ name: entry.fileName, content: Buffer.concat(chunks) });
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return parts;
}

/** The least a reader needs to call a zip an xlsx: a workbook and a worksheet. */
export const MINIMAL_WORKBOOK =
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';
