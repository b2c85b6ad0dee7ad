import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, neutralise } from './csv.js';

describe('csv', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('ends a line with LF', () => {
    expect(csvLine(['id', 'name, full', null])).toBe('id,"name, full",\n');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises a text cell that a spreadsheet would run: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves other text, inner formula characters and numbers alone', () => {
    expect(neutralise('a=b')).toBe('a=b');
    expect(neutralise(' =1')).toBe(' =1');
    expect(csvCell('jane@example.edu')).toBe('jane@example.edu');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('')).toBe('');
  });
});
