import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { delimiterOf } from './csv-delimiter.js';
import { CsvDecoder, csvText, type CsvEncoding } from './csv-text.js';
import { DEFAULT_LIMITS } from './limits.js';
import { readCsvRows } from './read-csv.js';
import { readAll, tempFiles } from '../../test/spreadsheet-files.js';

const files = tempFiles();

async function detectEncoding(file: string) {
  let encoding: CsvEncoding | undefined;
  for await (const _ of csvText(createReadStream(file), (e) => (encoding = e)));
  return encoding;
}
const detectDelimiter = (file: string, encoding: 'utf8', maxColumns: number) =>
  delimiterOf(readFileSync(file, encoding), maxColumns);

describe('csv reading', () => {
  it('UTF-8 with BOM: header matched, accents kept', async () => {
    const file = files.write(
      'bom.csv',
      '\uFEFFEmail,First Name,Last Name\r\nzoe@x.edu,Zoë,Muñoz\r\njose@x.edu,José,Ødegård\r\n',
    );
    expect(await detectEncoding(file)).toBe('utf8');
    expect(await readAll(file)).toEqual([
      { rowNumber: 2, fields: { email: 'zoe@x.edu', firstName: 'Zoë', lastName: 'Muñoz' } },
      { rowNumber: 3, fields: { email: 'jose@x.edu', firstName: 'José', lastName: 'Ødegård' } },
    ]);
  });

  it('Latin-1 / Windows-1252 bytes are decoded, semicolons detected', async () => {
    const text = 'E-mail;Given Name;Surname;City\nzoe@x.edu;Zoë;O’Brien;Zürich\njose@x.edu;José;Peña;São Paulo\n';
    const file = files.write('latin1.csv', iconv.encode(text, 'win1252'));
    expect(await detectEncoding(file)).toBe('win1252');
    expect(await readAll(file)).toEqual([
      { rowNumber: 2, fields: { email: 'zoe@x.edu', firstName: 'Zoë', lastName: 'O’Brien', city: 'Zürich' } },
      { rowNumber: 3, fields: { email: 'jose@x.edu', firstName: 'José', lastName: 'Peña', city: 'São Paulo' } },
    ]);
  });

  it('UTF-16 with BOM (Excel "Unicode text"), tab-delimited', async () => {
    const file = files.write('utf16.csv', iconv.encode('Email\tFirst\nzoe@x.edu\tZoë\n', 'utf16le', { addBOM: true }));
    expect(await readAll(file)).toEqual([{ rowNumber: 2, fields: { email: 'zoe@x.edu', firstName: 'Zoë' } }]);
  });

  it('the delimiter is the one the header uses', async () => {
    const tab = files.write('tab.csv', 'Email\tFirst Name\tCity, State\na@x.edu\tAnn\tRome, NY\n');
    expect(await detectDelimiter(tab, 'utf8', 200)).toBe('\t');
    expect(await readAll(tab)).toEqual([{ rowNumber: 2, fields: { email: 'a@x.edu', firstName: 'Ann' } }]);
    const semicolons = files.write('semicolons.csv', '"Email";"Name, full";"Phone"\n');
    expect(await detectDelimiter(semicolons, 'utf8', 200)).toBe(';');
    const quoted = files.write('quoted-semicolons.csv', '"Email;x;y",Name\n');
    expect(await detectDelimiter(quoted, 'utf8', 200)).toBe(',');
    const single = files.write('single.csv', 'Email\na@x.edu\n');
    expect(await detectDelimiter(single, 'utf8', 200)).toBe(',');
  });

  it('quoted cells with delimiters, quotes and line breaks; one row number per record; ragged rows', async () => {
    const file = files.write(
      'quoted.csv',
      'Email,Last Name,Address,Phone\n' +
        'a@x.edu,"Smith, Jr.","1 Elm St\nApt 2",555\n' +
        '\n' +
        'b@x.edu,"The ""Boss"""\n' +
        'c@x.edu,Lee,,556,extra,cells\n',
    );
    expect(await readAll(file)).toEqual([
      {
        rowNumber: 2,
        fields: { email: 'a@x.edu', lastName: 'Smith, Jr.', mailingAddress: '1 Elm St\nApt 2', phoneNumber: '555' },
      },
      { rowNumber: 4, fields: { email: 'b@x.edu', lastName: 'The "Boss"' } },
      { rowNumber: 5, fields: { email: 'c@x.edu', lastName: 'Lee', phoneNumber: '556' } },
    ]);
  });

  it('a title line above the header, header aliases, long cells cut', async () => {
    const file = files.write(
      'title.csv',
      'Invitees for the fall\n\nTitle,FIRST_NAME,family-name,Email Address,Major,Class Year,Cell,Address 1,Address 2,Town,State,Zip Code,Country\n' +
        `Dr.,Ann,Lee,ann@x.edu,${'x'.repeat(3000)},2027,555-1,1 Elm,Apt 2,Rome,NY,01234,US\n`,
    );
    const [row] = await readAll(file);
    expect(row!.rowNumber).toBe(4);
    expect(row!.fields).toEqual({
      salutation: 'Dr.',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.edu',
      major: 'x'.repeat(1000),
      class: '2027',
      phoneNumber: '555-1',
      street: '1 Elm',
      street2: 'Apt 2',
      city: 'Rome',
      state: 'NY',
      postalCode: '01234',
      country: 'US',
    });
  });

  it('refuses a quote that is never closed and an overlong record', async () => {
    const open = files.write('open.csv', 'Email,Name\na@x.edu,"Ann\n');
    await expect(readAll(open)).rejects.toThrow(
      'The file is not a valid csv file (a quote opened in row 2 is never closed).',
    );
    const long = files.write('long.csv', `Email,Notes\na@x.edu,${'y'.repeat(5000)}\n`);
    await expect(readAll(long, 'long.csv', { limits: { maxRecordChars: 1000 } })).rejects.toThrow(
      'Row 2 of the file is longer than 1,000 characters.',
    );
  });

  it('reads the file once: a named pipe, which can be read only once, is read whole', async () => {
    const pipe = files.path('once.csv');
    execFileSync('mkfifo', [pipe]);
    createWriteStream(pipe).end('Name,Email\nZoë,zoe@x.edu\nAnn,ann@x.edu\n');
    const rows: unknown[] = [];
    const reading = (async () => {
      for await (const row of readCsvRows(pipe, DEFAULT_LIMITS)) rows.push(row.cells);
    })();
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('read the file twice')), 3000));
    await Promise.race([reading, timeout]);
    expect(rows).toEqual([
      ['Name', 'Email'],
      ['Zoë', 'zoe@x.edu'],
      ['Ann', 'ann@x.edu'],
    ]);
  });

  it('decodes as the bytes come: sequences split between chunks, Windows-1252 after an ASCII start', () => {
    const decode = (...chunks: Buffer[]) => {
      const decoder = new CsvDecoder();
      const text = chunks.map((c) => decoder.write(c)).join('') + decoder.end();
      return { text, encoding: decoder.encoding };
    };
    const utf8 = Buffer.from('\uFEFFEmail\nZoë 😀\n');
    expect(decode(...[...utf8].map((b) => Buffer.from([b])))).toEqual({ text: 'Email\nZoë 😀\n', encoding: 'utf8' });
    // Only ASCII before the first byte that is not UTF-8: the same text as reading it all as Windows-1252.
    const latin = iconv.encode(`${'a,b\n'.repeat(100_000)}José,Peña\n`, 'win1252');
    const asLatin = iconv.decode(latin, 'win1252');
    expect(decode(latin.subarray(0, 256 * 1024), latin.subarray(256 * 1024))).toEqual({
      text: asLatin,
      encoding: 'win1252',
    });
    // A sequence cut short by the end of the file.
    expect(decode(Buffer.from([0x61, 0xc3]))).toEqual({ text: 'aÃ', encoding: 'win1252' });
    // UTF-8 text, then bytes that are not: each part as it is written.
    expect(decode(Buffer.concat([Buffer.from('Zoë,'), iconv.encode('Peña', 'win1252')]))).toEqual({
      text: 'Zoë,Peña',
      encoding: 'win1252',
    });
  });
});
