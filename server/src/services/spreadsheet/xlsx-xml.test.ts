import { describe, expect, it } from 'vitest';
import { attribute, decodeText, MalformedXml, readTag, stringItemText, tagsIn, textAt } from './xlsx-xml.js';

describe('xml scanning', () => {
  it('tags: prefixes, kinds, attributes with > inside quotes, incomplete ones awaited', () => {
    const x = '<x:c r="A1" t=\'s\' a="1>2"/>';
    const tag = readTag(x, 0)!;
    expect(tag).toMatchObject({ kind: 'empty', prefix: 'x:', name: 'c', end: x.length });
    expect([attribute(x, tag, 'r'), attribute(x, tag, 't'), attribute(x, tag, 'a'), attribute(x, tag, 's')]).toEqual([
      'A1',
      's',
      '1>2',
      undefined,
    ]);
    expect(readTag('</row >', 0)).toMatchObject({ kind: 'close', name: 'row' });
    expect(readTag('<row r="1', 0)).toBeUndefined();
    expect(readTag('<ro', 0)).toBeUndefined();
    expect(readTag('<!-- x > y -->', 0)).toMatchObject({ kind: 'other', end: 14 });
    expect(readTag('<!DOCTYPE a [<!ENTITY b "c">]><a/>', 0)).toMatchObject({ kind: 'other', end: 30 });
    expect(() => readTag('<a<b>', 0)).toThrow(MalformedXml);
    expect(() => readTag('<x:>', 0)).toThrow(MalformedXml);
    expect(() => attribute('<c r=A1>', readTag('<c r=A1>', 0)!, 'r')).toThrow(MalformedXml);
  });

  it('text: entities and character references decoded once, line ends normalised, unknown entities kept', () => {
    expect(decodeText('a &amp;lt; &lt;b&gt; &quot;&apos; &#65;&#x42;&#x1F600; &nbsp; &#x110000;')).toBe(
      'a &lt; <b> "\' AB😀 &nbsp; &#x110000;',
    );
    expect(decodeText('a\r\nb\rc')).toBe('a\nb\nc');
    expect(textAt('<v>1<![CDATA[<&>]]><!-- no -->2</v>', 3)).toBe('1<&>2');
  });

  it('string items: runs joined, phonetic runs left out', () => {
    const x = '<si><r><t>a</t></r><rPh><t>x</t></rPh><r><rPr/><t xml:space="preserve"> b</t></r><t/></si>';
    expect(stringItemText(x, 4, x.length - 5)).toBe('a b');
    expect(stringItemText('<is></is>', 4, 4)).toBeUndefined();
  });

  it('a tag cut off by the end of its range is malformed', () => {
    expect(() => [...tagsIn('<a><b c="1"/></a>', 0, 8)]).toThrow(MalformedXml);
  });
});
