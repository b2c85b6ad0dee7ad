/**
 * Hostile values the fuzzer puts where a route expects something else. Each list is what a client can
 * send for that kind of field; the generator mixes them with values of other kinds (wrong types).
 */

/** Integers at and past the edges of JavaScript, PostgreSQL int4/int8 and JSON. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e21,
  -1e21,
  1e308,
  Number.MIN_VALUE,
];

/** The same numbers as a client writes them in a URL or a JSON string. */
export const NUMBER_TEXTS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999',
  '1e21',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  ' 1 ',
  '1_000',
  '+1',
  '007',
  '',
];

/** Dates that parse in one place and not in another (JavaScript, PostgreSQL, the calendar). */
export const DATE_TEXTS: readonly string[] = [
  '99999-01-01',
  '0000-00-00',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '1969-12-31T23:59:59Z',
  '2024-01-01T25:00:00Z',
  '2024-01-01T00:00:00+99:00',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '+275760-09-14T00:00:00Z',
  '1e21',
  '2024',
  '2024-01',
  'Tue, 01 Jan 2030 00:00:00 GMT',
  'today',
];

/** Text PostgreSQL, JSON or URL handling may choke on. */
export const STRANGE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDFFF',
  '\uFEFF',
  '\u202Eevil',
  '💥🎉',
  "O'Brien'); drop table accounts;--",
  '%',
  '_',
  '\\',
  '%_\\%',
  '\r\n',
  '\t',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${{7*7}}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'ＡＢＣ',
];

export const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, -1, 'text', [], {}, [null], { a: 1 }, [[[]]]];

/** Path parameter texts: numbers past every range, encodings PostgreSQL or the router may refuse. */
export const PATH_TEXTS: readonly string[] = [
  ...NUMBER_TEXTS.filter(Boolean),
  'abc',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%FF',
  '%C0%AF',
  '%25',
  '..',
  '%2e%2e',
  '%2F',
  'a%20b',
  'x'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
  '__proto__',
  'constructor',
];

/** Raw query strings a parser may mishandle (already encoded; sent as is). */
export const RAW_QUERIES: readonly string[] = [
  '%',
  '%zz',
  'search=%E0%A4%A',
  'search=%ED%A0%80',
  'search=%00',
  'page=%00',
  '__proto__[admin]=1',
  '__proto__=1',
  'constructor[prototype][admin]=1',
  'page=1&page=2',
  'page[]=1',
  'page[a]=1',
  'sort=',
  'sort=id:asc:asc',
  'sort=id,id,id',
  '&&&',
  '=1',
  'a=' + 'x'.repeat(5000),
];

/** Raw JSON texts: malformed, odd roots, prototype keys, deep nesting. */
export const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  '[',
  'nul',
  'null',
  '"text"',
  '0',
  '[]',
  '1e999',
  '{"a":1,"a":2}',
  '\u0000',
  '{"\u0000":1}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
  '\uFEFF{}',
];

/** Content types sent with a JSON body, right and wrong. */
export const CONTENT_TYPES: readonly (string | undefined)[] = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; x',
  undefined,
];
