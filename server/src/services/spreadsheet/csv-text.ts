import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

/**
 * The text encoding of a csv: UTF-16 when it starts with its byte order mark, UTF-8 (with or without
 * BOM) when its bytes are valid UTF-8, else Windows-1252 (a superset of Latin-1 that Excel writes on
 * Windows).
 */
export type CsvEncoding = 'utf8' | 'win1252' | 'utf16le' | 'utf16be';

const NO_BYTES = Buffer.alloc(0);

/**
 * Where the bytes stop being whole UTF-8 sequences: before a lead byte whose sequence the end cuts short
 * (it waits for the next chunk), else the end.
 */
function wholeSequencesEnd(bytes: Buffer): number {
  const n = bytes.length;
  for (let i = n - 1; i >= Math.max(0, n - 4); i--) {
    const b = bytes[i]!;
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return i + length > n ? i : n;
  }
  return n;
}

/** Where the first sequence that is not UTF-8 starts (the WHATWG decoder's rules), or the end. */
export function firstInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let more = 0;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) more = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      more = 2;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      more = 3;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= more; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += more + 1;
  }
  return bytes.length;
}

/**
 * A csv's bytes decoded as they come, in one reading: UTF-16 after its byte order mark; otherwise UTF-8
 * for as long as the bytes are UTF-8, and Windows-1252 from the first sequence that is not. A file that
 * is UTF-8 throughout reads as UTF-8 (a leading BOM dropped); one whose first byte above ASCII is not
 * UTF-8 reads as Windows-1252 throughout (its ASCII start reads the same in both). `encoding` says which
 * was used last.
 */
export class CsvDecoder {
  encoding: CsvEncoding | undefined;
  private carry = NO_BYTES;
  private readonly utf8 = new TextDecoder('utf-8');
  private other: ReturnType<typeof iconv.getDecoder> | undefined;

  write(chunk: Buffer): string {
    if (!this.encoding) {
      if (chunk[0] === 0xff && chunk[1] === 0xfe) this.use('utf16le');
      else if (chunk[0] === 0xfe && chunk[1] === 0xff) this.use('utf16be');
      else this.encoding = 'utf8';
    }
    if (this.other) return this.other.write(chunk);
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.subarray(0, wholeSequencesEnd(bytes));
    if (isUtf8(whole)) {
      this.carry = Buffer.from(bytes.subarray(whole.length));
      return this.utf8.decode(whole, { stream: true });
    }
    const bad = firstInvalidUtf8(whole);
    const before = this.utf8.decode(whole.subarray(0, bad));
    return before + this.use('win1252').write(bytes.subarray(bad));
  }

  end(): string {
    if (this.other) return this.other.end() ?? '';
    // A sequence cut short by the end of the file is not UTF-8.
    if (this.carry.length) return this.use('win1252').write(this.carry) + (this.other!.end() ?? '');
    return this.utf8.decode();
  }

  private use(encoding: Exclude<CsvEncoding, 'utf8'>) {
    this.encoding = encoding;
    this.other = iconv.getDecoder(encoding);
    return this.other;
  }
}

/** The text of a csv's byte stream (see CsvDecoder), in pieces; `onEncoding` hears the encoding used last. */
export async function* csvText(
  bytes: AsyncIterable<Buffer>,
  onEncoding?: (encoding: CsvEncoding | undefined) => void,
): AsyncGenerator<string> {
  const decoder = new CsvDecoder();
  for await (const chunk of bytes) {
    const text = decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  onEncoding?.(decoder.encoding);
  if (rest) yield rest;
}
