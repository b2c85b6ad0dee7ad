// The floors of the server and the client, checked over every import (type-only ones included, which ESLint's
// import-x/no-cycle skips): an import never runs up a floor, and no files import each other in a loop.
// Run by `npm run lint` through scripts/check-layers.ts; tested in server/src/test/layers.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * One tree's floors from the ground up. Each floor lists path prefixes relative to the tree (`db/`, `config.ts`);
 * `*` stands for any file no prefix names. A file may import its own floor and those below.
 * @example { dir: 'server/src', floors: [['*'], ['db/'], ['services/'], ['jobs/'], ['features/'], ['app.ts']] }
 */
export type Layering = { dir: string; floors: string[][] };

export const LAYERINGS: Layering[] = [
  {
    dir: 'server/src',
    floors: [
      ['*'], // config.ts, errors.ts, raw-body.ts, paths.ts, ...
      ['db/', 'database-url.ts', 'plugins/', 'backup/'],
      ['services/'],
      ['jobs/'],
      ['features/'],
      ['router.ts', 'openapi.ts'],
      ['app.ts', 'bootstrap.ts', 'types.d.ts'],
      ['server.ts', 'worker.ts'],
    ],
  },
  {
    dir: 'client/src',
    floors: [['lib/', '*'], ['api/'], ['mocks/'], ['components/'], ['features/'], ['routes/'], ['app/'], ['main.tsx']],
  },
];

/** Test files and test helpers are no floor's: they may reach anything they exercise. */
const isProduct = (rel: string) => !/\.test\.tsx?$/.test(rel) && !rel.startsWith('test/');

const floorOf = (layering: Layering, rel: string) => {
  let star = -1;
  for (const [i, prefixes] of layering.floors.entries()) {
    if (prefixes.some((p) => p !== '*' && (rel === p || (p.endsWith('/') && rel.startsWith(p))))) return i;
    if (prefixes.includes('*')) star = i;
  }
  return star;
};

/** The tree's own file an import names (`./repo.js` is `repo.ts`; `./kit` is `kit.tsx` or `kit/index.ts`). */
function resolve(files: ReadonlySet<string>, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, '');
  const candidates = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'].map((ext) => base + ext);
  return candidates.find((c) => files.has(c));
}

/** Every import of a file, `import type` and `export ... from` included, as the tree's files they name. */
export function importsOf(files: ReadonlyMap<string, string>, rel: string): string[] {
  const names = new Set(files.keys());
  const found = ts.preProcessFile(files.get(rel) ?? '', true, true).importedFiles;
  return found.flatMap((f) => resolve(names, rel, f.fileName) ?? []);
}

/** Strongly connected groups of more than one file (Tarjan), each in a stable order. */
function loops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * What is wrong with one tree, given its files (path relative to the tree -> source): each import that runs up a
 * floor, and each loop of imports. Empty when the tree keeps its floors.
 */
export function layerProblems(layering: Layering, files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const graph = new Map<string, string[]>();
  const at = (rel: string) => `${layering.dir}/${rel}`;
  for (const rel of [...files.keys()].filter(isProduct).sort()) {
    const targets = importsOf(files, rel).filter(isProduct);
    graph.set(rel, targets);
    const floor = floorOf(layering, rel);
    for (const target of targets) {
      if (floorOf(layering, target) > floor)
        problems.push(`${at(rel)} imports ${at(target)}, a floor above it: move what both need down a floor.`);
    }
  }
  for (const group of loops(graph))
    problems.push(`These files import each other in a loop (type-only imports count): ${group.map(at).join(', ')}`);
  return problems;
}

/** The .ts/.tsx files under `dir` (relative to it), read from disk. */
export function readTree(root: string, dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(root, dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name)) files.set(rel, readFileSync(path.join(root, dir, rel), 'utf8'));
    }
  };
  if (existsSync(path.join(root, dir))) walk('');
  return files;
}
