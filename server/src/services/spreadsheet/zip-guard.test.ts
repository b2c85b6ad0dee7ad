import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';
import {
  buildZip,
  MINIMAL_WORKBOOK,
  readAll,
  tempFiles,
  textPart,
  type ZipPart,
} from '../../test/spreadsheet-files.js';
import { readXlsxRows } from './read-xlsx.js';

const files = tempFiles();
const deflate = (b: Buffer) => deflateRawSync(b);
const workbook = () => textPart('xl/workbook.xml', MINIMAL_WORKBOOK, deflate);
const sheet = (xml = '<worksheet/>') => textPart('xl/worksheets/sheet1.xml', xml, deflate);
/** The worksheet's rows as the xlsx reader gives them (through the guard), or its refusal. */
async function check(name: string, zip: Buffer, limits = {}) {
  const rows = [];
  for await (const row of readXlsxRows(files.write(name, zip), { ...DEFAULT_LIMITS, ...limits })) rows.push(row);
  return rows;
}

/** 20 MB of zeros deflates to about 20 KB: a ratio near deflate's maximum of 1032:1. */
const zeros = Buffer.alloc(20 * 1024 * 1024);
const deflatedZeros = deflateRawSync(zeros);

describe('zip bomb guard', () => {
  it('passes an honest small workbook', async () => {
    await expect(check('ok.xlsx', buildZip([workbook(), sheet()]))).resolves.toEqual([]);
  });

  it('refuses a part that unpacks at an absurd ratio (a real bomb, honestly declared)', async () => {
    const bomb: ZipPart = { name: 'xl/worksheets/sheet1.xml', data: deflatedZeros, size: zeros.length };
    expect(zeros.length / deflatedZeros.length).toBeGreaterThan(500);
    await expect(check('ratio.xlsx', buildZip([workbook(), bomb]))).rejects.toThrow(
      'The file unpacks to far more than its size: it looks like a zip bomb.',
    );
  });

  it('refuses a file whose parts declare more than 200 MB in all', async () => {
    // Declared sizes only (ratio 300:1, allowed): the guard refuses from the central directory, before inflating anything.
    const part = (i: number): ZipPart => ({
      name: `xl/media/image${i}.bin`,
      data: randomBytes(300 * 1024),
      size: 90 * 1024 * 1024,
    });
    await expect(check('declared.xlsx', buildZip([workbook(), sheet(), part(1), part(2), part(3)]))).rejects.toThrow(
      'The file unpacks to more than 200 MB.',
    );
  });

  it('refuses a total over the limit at a normal ratio (smaller limit here)', async () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `<row r="${i}"><c><v>${(i * 7919) % 100_003}</v></c></row>`,
    ).join('');
    await expect(
      check('total.xlsx', buildZip([workbook(), sheet(rows)]), { maxUnpackedBytes: 256 * 1024 }),
    ).rejects.toThrow('The file unpacks to more than 256 KB.');
  });

  it('refuses a part that lies about its size: it inflates to more than it declares', async () => {
    const liar: ZipPart = {
      name: 'xl/sharedStrings.xml',
      data: deflateRawSync(Buffer.alloc(5 * 1024 * 1024)),
      size: 1000,
    };
    await expect(check('liar.xlsx', buildZip([workbook(), sheet(), liar]))).rejects.toThrow(/looks like a zip bomb/);
  });

  it('refuses a worksheet, or a part the reader never needs, that lies about its size', async () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>r${i}</t></is></c></row>`,
    );
    const xml = Buffer.from(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`);
    const lyingSheet: ZipPart = { name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(xml), size: 1000 };
    await expect(check('lying-sheet.xlsx', buildZip([workbook(), lyingSheet]))).rejects.toThrow(
      /looks like a zip bomb/,
    );
    const image: ZipPart = {
      name: 'xl/media/image1.png',
      data: deflateRawSync(Buffer.alloc(5 * 1024 * 1024)),
      size: 1000,
    };
    await expect(check('lying-image.xlsx', buildZip([workbook(), sheet(), image]))).rejects.toThrow(
      /looks like a zip bomb/,
    );
    const honest: ZipPart = { name: 'xl/media/image1.png', data: deflateRawSync(Buffer.alloc(1000)), size: 1000 };
    await expect(check('honest-image.xlsx', buildZip([workbook(), sheet(), honest]))).resolves.toEqual([]);
  });

  it('refuses a local entry hidden from the central directory', async () => {
    const hidden = { after: 0, part: { name: 'xl/sharedStrings.xml', data: deflatedZeros, size: 1000 } };
    await expect(check('hidden.xlsx', buildZip([workbook(), sheet()], { hidden }))).rejects.toThrow(
      /looks like a zip bomb/,
    );
  });

  it('refuses entries that share compressed bytes (overlapping parts)', async () => {
    const alias = Array.from({ length: 3 }, (_, i) => ({ name: `xl/worksheets/sheet${i + 2}.xml`, of: 1 }));
    await expect(check('overlap.xlsx', buildZip([workbook(), sheet()], { alias }))).rejects.toThrow(
      /looks like a zip bomb/,
    );
  });

  it('refuses too many parts', async () => {
    const parts = Array.from({ length: 30 }, (_, i) => textPart(`xl/p${i}.xml`, '<p/>', deflate));
    await expect(check('parts.xlsx', buildZip([workbook(), sheet(), ...parts]), { maxZipEntries: 20 })).rejects.toThrow(
      'The file has more than 20 parts.',
    );
  });

  it('refuses a zip that is no workbook', async () => {
    await expect(check('plain.xlsx', buildZip([textPart('readme.txt', 'hello', deflate)]))).rejects.toThrow(
      'The file is not a valid xlsx file (it has no worksheet).',
    );
  });

  it('through the reader, a bomb named .xlsx is refused with the same reason', async () => {
    const file = files.write(
      'bomb.xlsx',
      buildZip([workbook(), { name: 'xl/worksheets/sheet1.xml', data: deflatedZeros, size: zeros.length }]),
    );
    await expect(readAll(file)).rejects.toThrow(/looks like a zip bomb/);
  });
});
