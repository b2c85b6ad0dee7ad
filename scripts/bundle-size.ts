/**
 * The JavaScript a first visit downloads, measured from the client build's Vite manifest: the entry
 * chunk, the route chunks of the page (its lazy screens) and every chunk those import statically.
 * Run after `npm run build`: `npx tsx scripts/bundle-size.ts` (exit 1 when a page is over the budget).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] };

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client/dist');
const BUDGET_GZIP = 200 * 1024;

/** Each page and the lazily loaded modules its route chain renders (see client/src/routes). */
const PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/login-screen.tsx'],
  '/admin/institutions': ['src/components/shell/admin-shell.tsx', 'src/features/institutions/institutions-page.tsx'],
};

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest: was the client built with build.manifest?');

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`${key} is not in the manifest: is it still loaded lazily?`);
    seen.add(key);
    closure(manifest[key]!.imports ?? [], seen);
  }
  return seen;
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
let over = false;
for (const [page, lazy] of Object.entries(PAGES)) {
  const chunks = [...closure([entryKey, ...lazy])];
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const key of chunks) {
    const content = readFileSync(path.join(DIST, manifest[key]!.file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content).length;
  }
  const verdict = gzip <= BUDGET_GZIP ? 'ok' : `OVER the ${kib(BUDGET_GZIP)} budget`;
  over ||= gzip > BUDGET_GZIP;
  console.log(
    `${page.padEnd(20)} initial JS: ${chunks.length} files, ${kib(raw)} raw, ${kib(gzip)} gzip, ${kib(brotli)} brotli (${verdict})`,
  );
}
process.exitCode = over ? 1 : 0;
