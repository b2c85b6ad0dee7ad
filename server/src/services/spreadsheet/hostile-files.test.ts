import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readAll, tempFiles } from '../../test/spreadsheet-files.js';
import { SpreadsheetError } from './errors.js';

const files = tempFiles();

async function realXlsx(name: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('S').addRows([['Email'], ['a@x.edu']]);
  const file = files.path(name);
  await workbook.xlsx.writeFile(file);
  const { readFileSync } = await import('node:fs');
  return readFileSync(file);
}

describe('files that are refused, with the reason for staff', () => {
  it('no email column', async () => {
    const file = files.write('no-email.csv', 'Name,Phone\nAnn,555\n');
    await expect(readAll(file)).rejects.toThrow(
      'The file has no email column (looked for: Email, E-mail, Email Address, Mail).',
    );
  });

  it('empty: no bytes, blank lines, an empty worksheet', async () => {
    await expect(readAll(files.write('empty.csv', ''))).rejects.toThrow('The file is empty.');
    await expect(readAll(files.write('blank.csv', '\n\r\n ,, \n'))).rejects.toThrow('The file is empty.');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Empty');
    await workbook.xlsx.writeFile(files.path('empty.xlsx'));
    await expect(readAll(files.path('empty.xlsx'))).rejects.toThrow('The file is empty.');
  });

  it('a header and no rows', async () => {
    await expect(readAll(files.write('header.csv', 'Email,First Name\n'))).rejects.toThrow(
      'The file has a header row but no invitee rows.',
    );
  });

  it('a corrupt xlsx: garbage after the zip magic, or cut short', async () => {
    const garbage = files.write('garbage.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 0x41)]));
    await expect(readAll(garbage)).rejects.toThrow('The file is not a valid xlsx file.');
    const real = await realXlsx('real.xlsx');
    const cut = files.write('cut.xlsx', real.subarray(0, Math.floor(real.length / 2)));
    await expect(readAll(cut)).rejects.toThrow('The file is not a valid xlsx file.');
  });

  it('content that does not match the extension', async () => {
    const csvText = 'Email\na@x.edu\n';
    await expect(readAll(files.write('renamed.xlsx', csvText))).rejects.toThrow(
      'The file does not look like an xlsx file (its content looks like a csv file).',
    );
    await expect(readAll(files.write('renamed.xls', csvText))).rejects.toThrow(
      'The file does not look like an xls file (its content looks like a csv file).',
    );
    const real = await realXlsx('real2.xlsx');
    await expect(readAll(files.write('zip.csv', real))).rejects.toThrow(
      'The file does not look like a csv file (its content looks like an xlsx file).',
    );
    await expect(readAll(files.write('zip.xls', real))).rejects.toThrow(
      'The file does not look like an xls file (its content looks like an xlsx file).',
    );
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    await expect(readAll(files.write('protected.xlsx', cfb))).rejects.toThrow(/may be password-protected/);
    await expect(readAll(files.write('binary.csv', Buffer.from([0x45, 0x6d, 0, 1, 2, 3])))).rejects.toThrow(
      'The file does not look like a csv file.',
    );
    await expect(
      readAll(files.write('page.xls', '<html><table><tr><td>Email</td></tr></table></html>')),
    ).rejects.toThrow('The file does not look like an xls file.');
  });

  it('an extension that is not xlsx, csv or xls', async () => {
    await expect(readAll(files.write('people.txt', 'Email\na@x.edu\n'))).rejects.toThrow(
      'The file must be an xlsx, csv or xls file (it is .txt).',
    );
    await expect(readAll(files.write('people', 'Email\na@x.edu\n'))).rejects.toThrow(
      'The file must be an xlsx, csv or xls file.',
    );
  });

  it('larger than 10 MB (a smaller limit here)', async () => {
    const file = files.write('big.csv', `Email\n${'a@x.edu\n'.repeat(200)}`);
    await expect(readAll(file, 'big.csv', { limits: { maxFileBytes: 1024 } })).rejects.toThrow(
      'The file is larger than 1 KB.',
    );
  });

  it('a million columns on one header line is counted, not split', async () => {
    const file = files.write('wide.csv', `Email${',x'.repeat(999_999)}\na@x.edu\n`);
    const started = performance.now();
    await expect(readAll(file)).rejects.toThrow('The file has too many columns (1,000,000; at most 200).');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refusals are SpreadsheetError', async () => {
    await expect(readAll(files.write('e.csv', ''))).rejects.toBeInstanceOf(SpreadsheetError);
  });
});
