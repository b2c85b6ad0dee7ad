import { readdirSync, readlinkSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';
import { readXlsxRows } from './read-xlsx.js';
import {
  buildZip,
  MINIMAL_WORKBOOK,
  readAll,
  tempFiles,
  textPart,
  unzipParts,
  type ZipPart,
} from '../../test/spreadsheet-files.js';

const files = tempFiles();

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
/** A worksheet part around `rows`, its elements prefixed with `prefix` ('x:') when given. */
const sheetXml = (rows: string, prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${rows}</${prefix}sheetData></${prefix}worksheet>`;
/** Styles with these custom formats and cell styles (cellStyleXfs has a date format, which cells must not use). */
const stylesXml = (numFmts: string, xfs: string) =>
  `<styleSheet ${MAIN}><numFmts>${numFmts}</numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs>${xfs}</cellXfs></styleSheet>`;

/** An xlsx written from raw parts: a workbook, xl/worksheets/sheet1.xml, and optional shared strings, styles and more. */
function rawXlsx(
  name: string,
  parts: { sheet: string; strings?: string; styles?: string; workbook?: string; more?: ZipPart[] },
): string {
  const zip = [
    textPart('xl/workbook.xml', parts.workbook ?? MINIMAL_WORKBOOK),
    textPart('xl/worksheets/sheet1.xml', parts.sheet),
  ];
  if (parts.strings) zip.push(textPart('xl/sharedStrings.xml', parts.strings));
  if (parts.styles) zip.push(textPart('xl/styles.xml', parts.styles));
  return files.write(name, buildZip([...zip, ...(parts.more ?? [])]));
}

/** The reader's rows as they come, before the header search and cleaning. */
async function sheetRows(file: string): Promise<Array<{ rowNumber: number; cells: Array<string | undefined> }>> {
  const rows = [];
  for await (const row of readXlsxRows(file, DEFAULT_LIMITS))
    rows.push({ rowNumber: row.rowNumber, cells: [...row.cells] });
  return rows;
}

/** Descriptors this process has open on `file` (Linux), to see that an early stop closes the zip. */
function openDescriptors(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

describe('xlsx reading', () => {
  it('reads the first worksheet of a real workbook: text, rich text, hyperlinks, formulas, dates, zero-padded numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Invitees');
    sheet.addRow(['Invitee list']);
    sheet.addRow([]);
    sheet.addRow(['Salutation', 'First Name', 'Last Name', 'E-mail', 'Class Year', 'Zip', 'Phone', 'Graduation Year']);
    sheet.addRow([
      'Ms.',
      'Zoë',
      { richText: [{ text: 'Mu' }, { text: 'ñoz', font: { bold: true } }] },
      { text: 'Zoe@X.edu', hyperlink: 'mailto:Zoe@X.edu' },
      2027,
      2139,
      5551234567,
      new Date(Date.UTC(2027, 4, 15)),
    ]);
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
        fields: {
          salutation: 'Ms.',
          firstName: 'Zoë',
          lastName: 'Muñoz',
          email: 'Zoe@X.edu',
          class: '2027',
          postalCode: '02139',
          phoneNumber: '5551234567',
        },
      },
      {
        rowNumber: 5,
        fields: { firstName: 'José', lastName: 'Peña', email: 'jose@x.edu', class: '2026', postalCode: '60601' },
      },
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
    await expect(readAll(file, 'streamed.xlsx', { limits: { maxRows: 10 } })).rejects.toThrow(
      'The file has more than 10 rows.',
    );
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
    const parts = (await unzipParts(written))
      .filter((p) => !p.name.endsWith('/'))
      .sort((a, b) => a.name.localeCompare(b.name));
    const file = files.write('tabs.xlsx', buildZip(parts.map((p) => textPart(p.name, p.content))));
    expect(parts.findIndex((p) => p.name.endsWith('sheet1.xml'))).toBeLessThan(
      parts.findIndex((p) => p.name.endsWith('sheet2.xml')),
    );
    expect(await readAll(file)).toEqual([{ rowNumber: 2, fields: { email: 'right@x.edu' } }]);
  });

  it('cell values as text: booleans, numbers, zero-padded and date formats, errors, formula results', async () => {
    const serial = (ms: number) => ms / 86_400_000 + 25_569;
    const styles = stylesXml(
      '<numFmt numFmtId="164" formatCode="000"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/>' +
        '<numFmt numFmtId="166" formatCode="#,##0.00 &quot;days&quot;"/><numFmt numFmtId="167" formatCode="[h]:mm"/>' +
        '<numFmt numFmtId="168" formatCode="0.0_);[Red]\\(0.0\\)"/><numFmt numFmtId="169" formatCode="[$-409]yyyy\\-mm\\-dd"/>',
      ['0', '164', '22', '165', '166', '167', '168', '169', '14']
        .map((id) => `<xf numFmtId="${id}" xfId="0"/>`)
        .join(''),
    );
    const cells = [
      '<c r="A1"/>',
      '<c r="B1" t="b"><v>1</v></c><c r="C1" t="b"><v>0</v></c>',
      '<c r="D1"><v>12.5</v></c>',
      '<c r="E1" s="1"><v>7</v></c>',
      `<c r="F1" s="2"><v>${serial(Date.UTC(2026, 0, 2, 14, 30))}</v></c>`,
      '<c r="G1" t="e"><v>#N/A</v></c>',
      '<c r="H1" t="str"><f>A1</f><v>x</v></c>',
      '<c r="I1" t="n"><f>2025+1</f><v>2026</v></c>',
      '<c r="J1" s="3"><v>46143</v></c>',
      '<c r="K1" t="d"><v>2026-05-01T14:30:00</v></c><c r="L1" t="d"><v>2026-05-02</v></c>',
      '<c r="M1" s="4"><v>1234.5</v></c>',
      '<c r="N1" s="5"><v>46143.5</v></c>',
      '<c r="O1" s="6"><v>-3</v></c>',
      '<c r="P1" s="7"><v>46143.25</v></c>',
      '<c r="Q1" s="8"><f>DATE(2026,5,1)</f><v>46143</v></c>',
      '<c r="R1" s="99"><v>1e21</v></c>',
    ];
    const file = rawXlsx('values.xlsx', { sheet: sheetXml(`<row r="1">${cells.join('')}</row>`), styles });
    expect(await sheetRows(file)).toEqual([
      {
        rowNumber: 1,
        cells: [
          undefined,
          'TRUE',
          'FALSE',
          '12.5',
          '007',
          '2026-01-02 14:30',
          '',
          'x',
          '2026',
          '2026-05-01',
          '2026-05-01 14:30',
          '2026-05-02',
          '1234.5',
          '2026-05-01 12:00',
          '-3',
          '2026-05-01 06:00',
          '2026-05-01',
          '1e+21',
        ],
      },
    ]);
  });

  it('1904 dates (old Mac workbooks)', async () => {
    const workbook = `<workbook ${MAIN}><workbookPr date1904="1"/></workbook>`;
    const styles = stylesXml('', '<xf numFmtId="0"/><xf numFmtId="14"/>');
    const file = rawXlsx('1904.xlsx', {
      workbook,
      styles,
      sheet: sheetXml('<row r="1"><c r="A1" s="1"><v>44681</v></c><c r="B1"><v>44681</v></c></row>'),
    });
    expect(await sheetRows(file)).toEqual([{ rowNumber: 1, cells: ['2026-05-01', '44681'] }]);
  });

  it('prefixed elements (as the OpenXML SDK writes), attributes in any order, missing row and cell references', async () => {
    const strings = `<x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:si><x:t>shared</x:t></x:si></x:sst>`;
    const rows = [
      '<x:row r="2" spans="1:3"><x:c r="B2" t="inlineStr"><x:is><x:t>Email</x:t></x:is></x:c></x:row>',
      '<x:row><x:c t="inlineStr"><x:is><x:t>a@x.edu</x:t></x:is></x:c><x:c><x:v>5</x:v></x:c><x:c t=\'inlineStr\' s="0" r=\'E3\'><x:is><x:t>e</x:t></x:is></x:c><x:c><x:v>6</x:v></x:c></x:row>',
      '<x:row r="7"/>',
      '<x:row ><x:c s="0" t="s" r="C8" ><x:v>0</x:v></x:c ><x:c/><x:c><x:v>9</x:v></x:c></x:row >',
    ];
    const file = rawXlsx('prefixed.xlsx', { sheet: sheetXml(rows.join('\n'), 'x:'), strings });
    expect(await sheetRows(file)).toEqual([
      { rowNumber: 2, cells: [undefined, 'Email'] },
      { rowNumber: 3, cells: ['a@x.edu', '5', undefined, undefined, 'e', '6'] },
      { rowNumber: 7, cells: [] },
      { rowNumber: 8, cells: [undefined, undefined, 'shared', undefined, '9'] },
    ]);
  });

  it('inline and shared strings: rich text runs joined, phonetic runs left out, entities, CDATA and line ends', async () => {
    const strings =
      `<sst ${MAIN} count="5" uniqueCount="5"><si><t>Email</t></si>` +
      '<si><r><t>山</t></r><r><rPr><b/></rPr><t>田</t></r><rPh sb="0" eb="1"><t>ヤマ</t></rPh><rPh sb="1" eb="2"><t>ダ</t></rPh><phoneticPr fontId="1"/></si>' +
      '<si><t/></si><si/>' +
      '<si><t>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233;&#x1F600; &amp;lt; &nbsp;</t></si></sst>';
    const cells = [
      '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c>',
      '<c r="F1" t="s"><v>99</v></c>',
      '<c r="G1" t="inlineStr"><is><r><rPr><b/></rPr><t>Mu</t></r><r><t xml:space="preserve">ñoz </t></r><rPh sb="0" eb="1"><t>ム</t></rPh></is></c>',
      '<c r="H1" t="inlineStr"><is><t><![CDATA[<b>&amp;</b>]]> &amp; more</t></is></c>',
      '<c r="I1" t="str"><v>line\r\nnext &#13;&#10;end</v></c>',
      '<c r="J1" t="inlineStr"><v>in v</v></c>',
    ];
    const file = rawXlsx('strings.xlsx', {
      strings,
      sheet: sheetXml(`<row r="1"><!-- a comment -->${cells.join('')}</row>`),
    });
    expect(await sheetRows(file)).toEqual([
      {
        rowNumber: 1,
        cells: [
          'Email',
          '山田',
          '',
          '',
          'a & b <c> "d" \'e\' é😀 &lt; &nbsp;',
          '',
          'Muñoz ',
          '<b>&amp;</b> & more',
          'line\nnext \r\nend',
          'in v',
        ],
      },
    ]);
  });

  it('a worksheet far larger than one inflated chunk: rows and characters split across chunks', async () => {
    const name = (i: number) => `Zoë Ωmega 😀 ${i} &amp; co`;
    const rows = [
      `<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Email</x:t></x:is></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>First Name</x:t></x:is></x:c></x:row>`,
    ];
    for (let i = 2; i <= 10_000; i++) {
      rows.push(
        `<x:row r="${i}"><x:c r="A${i}" t="inlineStr"><x:is><x:t>p${i}@x.edu</x:t></x:is></x:c><x:c r="B${i}" t="inlineStr"><x:is><x:t>${name(i)}</x:t></x:is></x:c></x:row>`,
      );
    }
    const sheet = sheetXml(rows.join(''), 'x:');
    expect(Buffer.byteLength(sheet)).toBeGreaterThan(10 * 64 * 1024);
    const expected = Array.from({ length: 9_999 }, (_, k) => ({
      rowNumber: k + 2,
      fields: { email: `p${k + 2}@x.edu`, firstName: name(k + 2).replace('&amp;', '&') },
    }));
    expect(await readAll(rawXlsx('large.xlsx', { sheet }))).toEqual(expected);
  });

  it('a row longer than many chunks', async () => {
    const long = 'é'.repeat(300_000);
    const file = rawXlsx('long-row.xlsx', {
      sheet: sheetXml(
        `<row r="1"><c r="A1" t="inlineStr"><is><t>${long}</t></is></c><c r="B1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>`,
      ),
    });
    expect(await sheetRows(file)).toEqual([
      { rowNumber: 1, cells: [long, '1'] },
      { rowNumber: 2, cells: ['2'] },
    ]);
  });

  it.runIf(process.platform === 'linux')(
    'an early stop, by the consumer leaving or throwing, closes the streams and the file',
    async () => {
      const rows = Array.from(
        { length: 5_000 },
        (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>p${i}@x.edu</t></is></c></row>`,
      );
      const file = rawXlsx('early.xlsx', { sheet: sheetXml(rows.join('')) });
      const closed = async () => {
        for (let wait = 0; wait < 100 && openDescriptors(file) > 0; wait++) await new Promise((r) => setTimeout(r, 10));
        return openDescriptors(file);
      };
      let seen = 0;
      for await (const row of readXlsxRows(file, DEFAULT_LIMITS)) {
        expect(openDescriptors(file)).toBeGreaterThan(0);
        if (++seen === 3) {
          expect(row.cells).toEqual(['p2@x.edu']);
          break;
        }
      }
      expect(await closed()).toBe(0);
      const consumer = async () => {
        for await (const row of readXlsxRows(file, DEFAULT_LIMITS)) if (row.rowNumber === 10) throw new Error('stop');
      };
      await expect(consumer()).rejects.toThrow('stop');
      expect(await closed()).toBe(0);
    },
  );

  it('malformed worksheets are refused as not valid, never read halfway', async () => {
    const refused = [
      '<sheetData><row r="1"><c r="A1"><v>1</v></c></sheetData>',
      '<sheetData><row r="1"><c r="A1"><v>1</v></c></row>',
      '<sheetData><row r="1"><c r="XFE1"><v>1</v></c></row></sheetData>',
      '<sheetData><row r="x"><c r="A1"><v>1</v></c></row></sheetData>',
      '<sheetData><row r="1"><c r="1"><v>1</v></c></row></sheetData>',
      '<sheetData><row r="1"><c r="A1"><v>1</v></row></sheetData>',
      '<sheetData><row r="1"><c r="A1" t><v>1</v></c></row></sheetData>',
      '<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1" ',
    ];
    for (const [i, body] of refused.entries()) {
      const file = rawXlsx(`malformed-${i}.xlsx`, { sheet: `<worksheet ${MAIN}>${body}` });
      await expect(readAll(file), body).rejects.toThrow('The file is not a valid xlsx file.');
    }
  });

  it('the first tab that is a worksheet (a chart sheet first is passed over), found through absolute and relative targets', async () => {
    const workbook = `<workbook ${MAIN} ${REL}><sheets><sheet name="Chart" sheetId="3" r:id="rId1"/><sheet name="Invitees" sheetId="1" r:id="rId2"/><sheet name="Other" sheetId="2" r:id="rId3"/></sheets></workbook>`;
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet" Target="chartsheets/sheet1.xml"/>' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/Sheet2.xml"/>' +
      '</Relationships>';
    const row = (text: string) => sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row>`);
    const file = rawXlsx('chart-first.xlsx', {
      workbook,
      sheet: row('wrong'),
      more: [
        textPart('xl/_rels/workbook.xml.rels', rels),
        textPart('xl/chartsheets/sheet1.xml', '<chartsheet/>'),
        textPart('xl/worksheets/sheet2.xml', row('right')),
      ],
    });
    expect(await sheetRows(file)).toEqual([{ rowNumber: 1, cells: ['right'] }]);
  });

  it('a worksheet without sheetData has no rows', async () => {
    await expect(readAll(rawXlsx('no-data.xlsx', { sheet: `<worksheet ${MAIN}/>` }))).rejects.toThrow(
      'The file is empty.',
    );
  });
});
