import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { fileErrors } from './errors.js';
import { HEADER_SEARCH_ROWS, type SpreadsheetLimits } from './limits.js';
import type { SheetRow } from './rows.js';

/**
 * The text encoding of a csv: UTF-16 when it starts with its byte order mark, UTF-8 (with or without
 * BOM) when every byte sequence is valid UTF-8, else Windows-1252 (a superset of Latin-1 that Excel
 * writes on Windows).
 */
export type CsvEncoding = 'utf8' | 'win1252' | 'utf16le' | 'utf16be';

export async function detectEncoding(file: string): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    if (first) {
      first = false;
      if (chunk[0] === 0xff && chunk[1] === 0xfe) return 'utf16le';
      if (chunk[0] === 0xfe && chunk[1] === 0xff) return 'utf16be';
    }
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      return 'win1252';
    }
  }
  try {
    decoder.decode();
  } catch {
    return 'win1252';
  }
  return 'utf8';
}

const CANDIDATES = [',', ';', '\t'] as const;
export type Delimiter = (typeof CANDIDATES)[number];

/**
 * The delimiter the header uses: the most frequent of comma, semicolon and tab (outside quotes) on the
 * first line that has any, within the first few non-empty lines; comma when none has. Refuses a header
 * with more than `maxColumns` columns before anything is parsed (a one-line file of a million commas
 * is counted, never split).
 */
export async function detectDelimiter(file: string, encoding: CsvEncoding, maxColumns: number): Promise<Delimiter> {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let inQuotes = false;
  let lineHasText = false;
  let textLines = 0;
  const pick = (): Delimiter | undefined => {
    const best = CANDIDATES.reduce((a, b) => (counts[b] > counts[a] ? b : a));
    if (counts[best] === 0) return undefined;
    if (counts[best] + 1 > maxColumns) throw fileErrors.tooManyColumns(counts[best] + 1, maxColumns);
    return best;
  };
  const input = createReadStream(file, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of input.pipe(iconv.decodeStream(encoding)) as AsyncIterable<string>) {
      for (let i = 0; i < chunk.length; i++) {
        const ch = chunk[i]!;
        if (ch === '"') inQuotes = !inQuotes;
        else if (inQuotes) continue;
        else if (ch === ',' || ch === ';' || ch === '\t') counts[ch]++;
        else if (ch === '\n' || ch === '\r') {
          const found = pick();
          if (found) return found;
          if (lineHasText && ++textLines >= HEADER_SEARCH_ROWS) return ',';
          lineHasText = false;
          continue;
        }
        if (ch !== ' ') lineHasText = true;
      }
    }
    return pick() ?? ',';
  } finally {
    input.destroy();
  }
}

/** The csv's records as rows numbered from 1 (the header), one record per row even when a quoted cell spans lines. */
export async function* readCsvRows(file: string, limits: SpreadsheetLimits): AsyncGenerator<SheetRow> {
  const encoding = await detectEncoding(file);
  const delimiter = await detectDelimiter(file, encoding, limits.maxColumns);
  const input = createReadStream(file, { highWaterMark: 256 * 1024 });
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: limits.maxRecordChars,
  });
  // Errors of any stage end the parser's iteration with that error.
  pipeline(input, iconv.decodeStream(encoding), parser, () => {});
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      yield { rowNumber: ++rowNumber, cells: record };
    }
  } catch (err) {
    if (err instanceof CsvError) {
      // The parser works ahead of the rows handed out: its own count says where it stopped.
      const { records } = err as CsvError & { records?: number };
      const row = (typeof records === 'number' ? records : rowNumber) + 1;
      if (err.code === 'CSV_MAX_RECORD_SIZE') throw fileErrors.recordTooLong(row, limits.maxRecordChars);
      if (err.code === 'CSV_QUOTE_NOT_CLOSED')
        throw fileErrors.invalid('csv', `a quote opened in row ${row} is never closed`);
      throw fileErrors.invalid('csv', `row ${row}`);
    }
    throw err;
  } finally {
    input.destroy();
    parser.destroy();
  }
}
