import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText } from './read-xlsx.js';
import { buildZip, readAll, tempFiles, textPart, unzipParts } from './test-files.js';

const files = tempFiles();

describe('xlsx reading', () => {
  it('reads the first worksheet of a real workbook: text, rich text, hyperlinks, formulas, dates, zero-padded numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Invitees');
    sheet.addRow(['Invitee list']);
    sheet.addRow([]);
    sheet.addRow(['Salutation', 'First Name', 'Last Name', 'E-mail', 'Class Year', 'Zip', 'Phone', 'Graduation Year']);
    sheet.addRow(['Ms.', 'Zoë', { richText: [{ text: 'Mu' }, { text: 'ñoz', font: { bold: true } }] }, { text: 'Zoe@X.edu', hyperlink: 'mailto:Zoe@X.edu' }, 2027, 2139, 5551234567, new Date(Date.UTC(2027, 4, 15))]);
    sheet.addRow(['', 'José', 'Peña', 'jose@x.edu', { formula: '2025+1', result: 2026 }, 60601]);
    sheet.getCell('F4').numFmt = '00000';
    sheet.addRow([]);
    sheet.addRow(['', '', '', '  ann@x.edu  ']);
    workbook.addWorksheet('Other').addRow(['Email', 'ignored@x.edu']);
    const file = files.path('people.xlsx');
    await workbook.xlsx.writeFile(file);

    expect(await readAll(file)).toEqual([
      {
        rowNumber: 4,
        fields: { salutation: 'Ms.', firstName: 'Zoë', lastName: 'Muñoz', email: 'Zoe@X.edu', class: '2027', postalCode: '02139', phoneNumber: '5551234567' },
      },
      { rowNumber: 5, fields: { firstName: 'José', lastName: 'Peña', email: 'jose@x.edu', class: '2026', postalCode: '60601' } },
      { rowNumber: 7, fields: { email: 'ann@x.edu' } },
    ]);
  });

  it('a streamed workbook (worksheet before shared strings, as Excel writes it)', async () => {
    const file = files.path('streamed.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
    const sheet = writer.addWorksheet('S');
    sheet.addRow(['Email', 'Given Name']).commit();
    for (let i = 0; i < 500; i++) sheet.addRow([`p${i}@x.edu`, `Zoë ${i}`]).commit();
    sheet.commit();
    await writer.commit();
    const rows = await readAll(file);
    expect(rows).toHaveLength(500);
    expect(rows[499]).toEqual({ rowNumber: 501, fields: { email: 'p499@x.edu', firstName: 'Zoë 499' } });
  });

  it('a stop before the end still lets the reader finish (no temporary copy left behind) and refusals come through', async () => {
    const file = files.path('streamed.xlsx');
    await expect(readAll(file, 'streamed.xlsx', { limits: { maxRows: 10 } })).rejects.toThrow('The file has more than 10 rows.');
  });

  it("reads the workbook's first tab even when another worksheet is stored first", async () => {
    const workbook = new ExcelJS.Workbook();
    const other = workbook.addWorksheet('Other');
    other.addRows([['Email'], ['wrong@x.edu']]);
    const invitees = workbook.addWorksheet('Invitees');
    invitees.addRows([['Email'], ['right@x.edu']]);
    // exceljs orders the tabs by `orderNo` (left out of its types).
    Object.assign(invitees, { orderNo: 0 });
    Object.assign(other, { orderNo: 1 });
    const written = files.path('tabs-written.xlsx');
    await workbook.xlsx.writeFile(written);
    // Stored by name: sheet1.xml (Other) now comes before sheet2.xml (Invitees, the first tab).
    const parts = (await unzipParts(written)).filter((p) => !p.name.endsWith('/')).sort((a, b) => a.name.localeCompare(b.name));
    const file = files.write('tabs.xlsx', buildZip(parts.map((p) => textPart(p.name, p.content))));
    expect(parts.findIndex((p) => p.name.endsWith('sheet1.xml'))).toBeLessThan(parts.findIndex((p) => p.name.endsWith('sheet2.xml')));
    expect(await readAll(file)).toEqual([{ rowNumber: 2, fields: { email: 'right@x.edu' } }]);
  });

  it('cell values as text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(7, '000')).toBe('007');
    expect(cellText(new Date(Date.UTC(2026, 0, 2, 14, 30)))).toBe('2026-01-02 14:30');
    expect(cellText({ error: '#N/A' } as ExcelJS.CellErrorValue)).toBe('');
    expect(cellText({ formula: 'A1', result: 'x' } as ExcelJS.CellFormulaValue)).toBe('x');
  });
});
