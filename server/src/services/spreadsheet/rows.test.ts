import { describe, expect, it } from 'vitest';
import { assembleRows, cleanCell, type SheetRow } from './rows.js';
import { DEFAULT_LIMITS, type SpreadsheetLimits } from './limits.js';
import { INVITEE_COLUMNS } from '../invitee-database/index.js';

async function assemble(rows: Array<Array<string | undefined>>, limits: Partial<SpreadsheetLimits> = {}) {
  async function* source(): AsyncGenerator<SheetRow> {
    for (const [i, cells] of rows.entries()) yield { rowNumber: i + 1, cells };
  }
  const out = [];
  for await (const row of assembleRows(source(), { ...DEFAULT_LIMITS, ...limits }, INVITEE_COLUMNS)) out.push(row);
  return out;
}

describe('cells', () => {
  it('strips NUL characters and lone surrogates, trims, and cuts long text without splitting a pair', () => {
    expect(cleanCell(' a\0b\0 ', 100)).toBe('ab');
    expect(cleanCell('x\uD800y', 100)).toBe('x\uFFFDy');
    expect(cleanCell('a'.repeat(5000), 1000)).toHaveLength(1000);
    const emoji = 'a'.repeat(999) + '😀';
    expect(cleanCell(emoji, 1000)).toBe('a'.repeat(999));
    expect(cleanCell(undefined, 10)).toBe('');
  });
});

describe('rows under the header', () => {
  it('keeps file row numbers, skips blank rows and rows with nothing in a known column', async () => {
    const rows = await assemble([
      ['Email', 'First Name', 'Notes'],
      ['a@x.edu', 'Ann', ''],
      ['', '', ''],
      ['', '', 'only a note'],
      ['  b@x.edu ', ' Bob ', 'n'],
      ['', 'No Email'],
    ]);
    expect(rows).toEqual([
      { rowNumber: 2, fields: { email: 'a@x.edu', firstName: 'Ann' } },
      { rowNumber: 5, fields: { email: 'b@x.edu', firstName: 'Bob' } },
      { rowNumber: 6, fields: { firstName: 'No Email' } },
    ]);
  });

  it('tells onHeader the columns it reads and the header cells it ignores (unknown names, a second name of a column)', async () => {
    let heard: unknown;
    async function* source(): AsyncGenerator<SheetRow> {
      yield { rowNumber: 1, cells: ['Email', 'Notes', '', 'E-mail', 'First Name', ' Favourite Colour ', ''] };
      yield { rowNumber: 2, cells: ['a@x.edu', 'n', '', 'b@x.edu', 'Ann', 'blue'] };
    }
    const rows = [];
    for await (const row of assembleRows(source(), DEFAULT_LIMITS, INVITEE_COLUMNS, (header, ignored) => {
      heard = { header, ignored };
    }))
      rows.push(row);
    expect(heard).toEqual({
      header: [
        { index: 0, column: 'email', header: 'Email' },
        { index: 4, column: 'firstName', header: 'First Name' },
      ],
      ignored: ['Notes', 'E-mail', 'Favourite Colour'],
    });
    expect(rows).toEqual([{ rowNumber: 2, fields: { email: 'a@x.edu', firstName: 'Ann' } }]);
  });

  it('finds the header under a title line', async () => {
    const rows = await assemble([['Fall invitees'], [], ['First', 'E-mail'], ['Ann', 'a@x.edu']]);
    expect(rows).toEqual([{ rowNumber: 4, fields: { firstName: 'Ann', email: 'a@x.edu' } }]);
  });

  it('refuses a file without an email column, with what it looked for', async () => {
    await expect(
      assemble([
        ['Name', 'Phone'],
        ['Ann', '1'],
      ]),
    ).rejects.toThrow('The file has no email column (looked for: Email, E-mail, Email Address, Mail).');
    const many = Array.from({ length: 20 }, (_, i) => [`Name ${i}`]);
    await expect(assemble(many)).rejects.toThrow(/no email column/);
  });

  it('refuses an empty file, a header without rows, too many columns and too many rows', async () => {
    await expect(assemble([])).rejects.toThrow('The file is empty.');
    await expect(assemble([[''], ['  ']])).rejects.toThrow('The file is empty.');
    await expect(assemble([['Email']])).rejects.toThrow('The file has a header row but no invitee rows.');
    await expect(assemble([['Email', ...Array.from({ length: 250 }, (_, i) => `c${i}`)]])).rejects.toThrow(
      'The file has too many columns (251; at most 200).',
    );
    const rows = [['Email'], ...Array.from({ length: 6 }, (_, i) => [`p${i}@x.edu`])];
    await expect(assemble(rows, { maxRows: 5 })).rejects.toThrow('The file has more than 5 rows.');
    await expect(assemble(rows, { maxRows: 6 })).resolves.toHaveLength(6);
  });

  it('trailing empty header cells are not columns', async () => {
    const header = ['Email', ...Array.from({ length: 500 }, () => '')];
    await expect(assemble([header, ['a@x.edu']])).resolves.toHaveLength(1);
  });
});
