import { createReadStream } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { DelimiterSniffer, type Delimiter } from './csv-delimiter.js';
import { csvText } from './csv-text.js';
import { fileErrors } from './errors.js';
import type { SpreadsheetLimits } from './limits.js';
import type { SheetRow } from './rows.js';

/** Text kept while the delimiter is not yet known; past it the file is read again from the start (only a file whose first lines are this long). */
const MAX_HEAD_CHARS = 4 * 1024 * 1024;

const textOf = (file: string) => csvText(createReadStream(file, { highWaterMark: 256 * 1024 }));

/**
 * The delimiter, told from the start of the text, and the whole text for the parser: the pieces read so
 * far, then the rest (so the file is read once), or undefined when the start was too long to keep.
 * `text` is closed when the delimiter refuses the file.
 */
async function sniffDelimiter(
  text: AsyncGenerator<string>,
  maxColumns: number,
): Promise<{ delimiter: Delimiter; whole: AsyncIterable<string> | undefined }> {
  const sniffer = new DelimiterSniffer(maxColumns);
  let head: string[] | undefined = [];
  let headChars = 0;
  let delimiter: Delimiter | undefined;
  try {
    while (!delimiter) {
      const next = await text.next();
      if (next.done) {
        delimiter = sniffer.end();
        break;
      }
      delimiter = sniffer.push(next.value);
      headChars += next.value.length;
      if (headChars > MAX_HEAD_CHARS) head = undefined;
      else head?.push(next.value);
    }
  } catch (err) {
    await text.return(undefined);
    throw err;
  }
  if (!head) {
    await text.return(undefined);
    return { delimiter, whole: undefined };
  }
  const seen = head;
  async function* whole() {
    try {
      yield* seen;
      yield* { [Symbol.asyncIterator]: () => text };
    } finally {
      await text.return(undefined);
    }
  }
  return { delimiter, whole: whole() };
}

/**
 * The csv's records as rows numbered from 1 (the header), one record per row even when a quoted cell
 * spans lines. The file is read once (csv-text.ts decodes it as it comes; the delimiter is told from its
 * start, csv-delimiter.ts), except a file whose first lines are megabytes long.
 */
export async function* readCsvRows(file: string, limits: SpreadsheetLimits): AsyncGenerator<SheetRow> {
  const { delimiter, whole } = await sniffDelimiter(textOf(file), limits.maxColumns);
  const source = Readable.from(whole ?? textOf(file));
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: limits.maxRecordChars,
  });
  // Errors of any stage end the parser's iteration with that error.
  pipeline(source, parser, () => {});
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
    source.destroy();
    parser.destroy();
  }
}
