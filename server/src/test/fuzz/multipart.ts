import { UPLOAD_PATHS } from '@app/contract';
import type { Random } from './random.js';
import type { Known } from './schema.js';
import { RAW_BODIES, STRANGE_TEXTS } from './values.js';

/** A 1x1 PNG: the smallest file every image destination accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Part = { name: string; value: string | Buffer; fileName?: string; type?: string };

function encode(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const fileNames = [
  'logo.png',
  '',
  'a\u0000b.png',
  '\uD800.png',
  'x'.repeat(300) + '.png',
  '../../x.png',
  'noext',
  '.png',
  'LOGO.PNG',
  'a"b.png',
];

/**
 * An upload request: a good one now and then (so files exist for downloads and references), otherwise
 * one thing wrong: not multipart, a malformed or truncated body, a bad field, a file that lies.
 */
export function multipartCase(path: string, rng: Random, _known: Known) {
  const boundary = `fuzz${rng.int(0, 1e9)}`;
  const type = `multipart/form-data; boundary=${boundary}`;
  const good: Part[] = [
    { name: 'path', value: rng.pick(UPLOAD_PATHS.filter((p) => p.startsWith('public/'))) },
    { name: 'public', value: 'true' },
    { name: 'commit', value: rng.pick(['true', 'false']) },
    { name: 'file', value: TINY_PNG, fileName: 'logo.png', type: 'image/png' },
  ];
  const variants: Array<() => { headers: Record<string, string>; payload?: string | Buffer; note: string }> = [
    () => ({ headers: { 'content-type': type }, payload: encode(good, boundary), note: 'valid upload' }),
    () => ({
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ path: good[0]!.value }),
      note: 'json instead of multipart',
    }),
    () => ({
      headers: { 'content-type': 'text/plain' },
      payload: rng.pick(RAW_BODIES),
      note: 'text instead of multipart',
    }),
    () => ({ headers: {}, payload: undefined, note: 'no body' }),
    () => ({
      headers: { 'content-type': 'multipart/form-data' },
      payload: encode(good, boundary),
      note: 'no boundary',
    }),
    () => ({
      headers: { 'content-type': type },
      payload: encode(good, boundary).subarray(0, rng.int(0, 200)),
      note: 'truncated',
    }),
    () => ({ headers: { 'content-type': type }, payload: encode(good, 'other'), note: 'wrong boundary' }),
    () => ({ headers: { 'content-type': type }, payload: rng.pick(RAW_BODIES), note: 'garbage' }),
    () => {
      const field = rng.pick(['path', 'public', 'commit']);
      const parts = good.map((p) =>
        p.name === field ? { ...p, value: rng.pick([...STRANGE_TEXTS, 'x'.repeat(5000)]) } : p,
      );
      return { headers: { 'content-type': type }, payload: encode(parts, boundary), note: `bad ${field}` };
    },
    () => {
      const parts = good.filter((p) => p.name !== rng.pick(['path', 'file', 'public']));
      return { headers: { 'content-type': type }, payload: encode(parts, boundary), note: 'missing part' };
    },
    () => {
      const file: Part = {
        name: rng.pick(['file', '__proto__', 'constructor', '']),
        value: rng.pick([TINY_PNG, Buffer.alloc(0), Buffer.from('not a png'), Buffer.from('\u0000\u0000')]),
        fileName: rng.pick(fileNames),
        type: rng.pick(['image/png', 'image/svg+xml', 'text/plain', '', 'application/octet-stream']),
      };
      return {
        headers: { 'content-type': type },
        payload: encode([...good.slice(0, 3), file, ...(rng.chance(0.3) ? [file] : [])], boundary),
        note: 'odd file',
      };
    },
    () => {
      const parts: Part[] = [...good.slice(0, 3), ...Array.from({ length: rng.int(2, 12) }, () => good[3]!)];
      return { headers: { 'content-type': type }, payload: encode(parts, boundary), note: 'many files' };
    },
    () => {
      const parts: Part[] = [good[3]!, ...good.slice(0, 3)];
      return { headers: { 'content-type': type }, payload: encode(parts, boundary), note: 'file before path' };
    },
    () => {
      const parts: Part[] = [...Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' })), ...good];
      return { headers: { 'content-type': type }, payload: encode(parts, boundary), note: 'many fields' };
    },
  ];
  const chosen = rng.chance(0.15) ? variants[0]!() : rng.pick(variants)();
  return { url: path, ...chosen };
}
