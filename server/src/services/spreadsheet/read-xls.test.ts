import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readAll, tempFiles } from '../../test/spreadsheet-files.js';

const files = tempFiles();

const xls = (rows: unknown[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Invitees');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Email'], ['second@sheet.edu']]), 'Other');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
};

describe('xls reading', () => {
  it('reads the first sheet of an old Excel file', async () => {
    const file = files.write(
      'old.xls',
      xls([
        ['Title', 'First', 'Last', 'Email Address', 'Phone Number', 'Class'],
        ['Dr.', 'Zoë', 'Ødegård', 'zoe@x.edu', 5551234567, 2027],
        [],
        [null, 'José', 'Peña', ' jose@x.edu ', null, '2028'],
      ]),
    );
    expect(await readAll(file)).toEqual([
      {
        rowNumber: 2,
        fields: {
          salutation: 'Dr.',
          firstName: 'Zoë',
          lastName: 'Ødegård',
          email: 'zoe@x.edu',
          phoneNumber: '5551234567',
          class: '2027',
        },
      },
      { rowNumber: 4, fields: { firstName: 'José', lastName: 'Peña', email: 'jose@x.edu', class: '2028' } },
    ]);
  });

  it('refuses more rows than allowed, and a corrupt file', async () => {
    const file = files.write('many.xls', xls([['Email'], ...Array.from({ length: 30 }, (_, i) => [`p${i}@x.edu`])]));
    await expect(readAll(file, 'many.xls', { limits: { maxRows: 20 } })).rejects.toThrow(
      'The file has more than 20 rows.',
    );
    const corrupt = files.write(
      'corrupt.xls',
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 7)]),
    );
    await expect(readAll(corrupt)).rejects.toThrow('The file is not a valid xls file.');
  });
});
