import { describe, expect, it } from 'vitest';
import { ItemScanner, MAX_TAG_CHARS } from './xlsx-scan.js';
import { MalformedXml } from './xlsx-xml.js';

/** The items' raw content (and start tag name) found when `xml` arrives in pieces of `size` characters. */
function scan(xml: string, size: number, container = 'sheetData', item = 'row'): string[] {
  const found: string[] = [];
  const scanner = new ItemScanner(container, item, (x, tag, contentEnd) =>
    found.push(`${tag.prefix}${tag.name}:${x.slice(tag.end, contentEnd)}`),
  );
  for (let i = 0; i < xml.length && !scanner.finished; i += size) scanner.push(xml.slice(i, i + size));
  scanner.end();
  return found;
}

describe('item scanner', () => {
  const xml =
    '<?xml version="1.0"?><!-- <row>not this</row> --><worksheet><sheetPr><row>not in sheetData</row></sheetPr>' +
    '<x:sheetData>\n<x:row r="1"><c>a</c></x:row><x:row r="2"/><x:row\tr=">"><rowBreaks/></x:row >' +
    '<x:row><c>ü😀</c></x:row></x:sheetData><row>after</row></worksheet>';
  const expected = ['x:row:<c>a</c>', 'x:row:', 'x:row:<rowBreaks/>', 'x:row:<c>ü😀</c>'];

  it('finds the same items whatever the pieces the text arrives in', () => {
    for (const size of [1, 2, 3, 5, 7, 11, 64, xml.length])
      expect(scan(xml, size), `pieces of ${size}`).toEqual(expected);
  });

  it('an item spanning many pieces is joined once, and a look-alike closing tag does not end it', () => {
    const big = `<c>${'y'.repeat(10_000)}</rowing></c>`;
    expect(scan(`<sheetData><row>${big}</row></sheetData>`, 100)).toEqual([`row:${big}`]);
  });

  it('an empty container, or none, has no items', () => {
    expect(scan('<worksheet><sheetData/><row>x</row></worksheet>', 4)).toEqual([]);
    expect(scan('<worksheet/>', 4)).toEqual([]);
  });

  it('text cut short inside the container or an item is malformed', () => {
    expect(() => scan('<sheetData><row>a</row>', 5)).toThrow(MalformedXml);
    expect(() => scan('<sheetData><row>a</sheetData>', 5)).toThrow(MalformedXml);
  });

  it('a tag that never ends is refused once it is longer than any real one, not kept growing', () => {
    const scanner = new ItemScanner('sheetData', 'row', () => {});
    scanner.push('<worksheet a="');
    expect(() => {
      for (let i = 0; i < 3; i++) scanner.push('z'.repeat(MAX_TAG_CHARS / 2));
    }).toThrow(MalformedXml);
  });

  it('shared strings: si items of sst', () => {
    expect(scan('<sst count="2"><si><t>a</t></si><si/></sst>', 3, 'sst', 'si')).toEqual(['si:<t>a</t>', 'si:']);
  });
});
