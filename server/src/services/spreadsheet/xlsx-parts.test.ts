import { describe, expect, it } from 'vitest';
import { isDateFormat, parseRelationships, parseStyles, parseWorkbook, partName } from './xlsx-parts.js';
import { DATE_FORMAT } from './xlsx-sheet.js';

describe('xlsx parts', () => {
  it('date formats: d, m, y, h or s outside quotes, brackets and escapes', () => {
    for (const code of [
      'dd/mm/yyyy',
      'm/d/yy h:mm',
      '[h]:mm:ss',
      '[$-409]mmmm d, yyyy',
      'YYYY-MM-DD',
      'h:mm AM/PM',
      'mm:ss.0',
    ])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of [
      'General',
      '0',
      '00000',
      '#,##0.00 "days"',
      '0.00E+00',
      '[Red]0.0',
      '\\d0',
      '_(* #,##0_);_(* (#,##0);_(* "-"??_);_(@_)',
      '@',
    ]) {
      expect(isDateFormat(code), code).toBe(false);
    }
  });

  it('cell styles: only cellXfs count, custom codes first, built-in date ids, zero-padded widths', () => {
    const xml =
      '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="00000"/><numFmt numFmtId="165" formatCode="d&quot;x&quot;"/></numFmts>' +
      '<cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/>' +
      '<xf numFmtId="14"><alignment/></xf><xf numFmtId="3"/><xf/></cellXfs></styleSheet>';
    expect(parseStyles(xml)).toEqual([0, 5, DATE_FORMAT, DATE_FORMAT, 0, 0]);
  });

  it('relationship targets: relative to xl/ or absolute, case-insensitive', () => {
    expect(partName('worksheets/Sheet1.xml')).toBe('xl/worksheets/sheet1.xml');
    expect(partName('/xl/worksheets/sheet2.xml')).toBe('xl/worksheets/sheet2.xml');
    expect(partName('./worksheets/../worksheets/sheet3.xml')).toBe('xl/worksheets/sheet3.xml');
    const rels = parseRelationships(
      '<Relationships><Relationship Id="rId1" Type="t/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="http://x" TargetMode="External"/></Relationships>',
    );
    expect([...rels]).toEqual([['rId1', { type: 't/worksheet', part: 'xl/worksheets/sheet1.xml' }]]);
  });

  it('workbook: tabs in order by relationship id, whatever its prefix, and the date system', () => {
    const xml =
      '<x:workbook><x:workbookPr date1904="true"/><x:sheets><x:sheet name="A" sheetId="2" rel:id="rId7"/><x:sheet r:id="rId1" sheetId="1"/></x:sheets></x:workbook>';
    expect(parseWorkbook(xml)).toEqual({ sheetIds: ['rId7', 'rId1'], date1904: true });
  });
});
