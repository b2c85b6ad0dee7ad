/**
 * `npm run build`: the server, the worker, the run-time scripts and the migrations bundled by esbuild
 * into plain JavaScript in `server/dist/` (our code and the contract inlined, packages left to
 * node_modules), the client built by Vite into `client/dist/`. `npm run start:prod` and
 * `npm run worker:prod` then run with plain node; `npm start` rebuilds first when a source is newer
 * than `server/dist/build.json` (scripts/start.mjs).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts: string[]) => path.join(root, ...parts);
const SERVER_DIST = at('server', 'dist');

/** Out name (under server/dist) -> source. Each is one self-contained file; see server/src/paths.ts for how they find the rest. */
const entries: Record<string, string> = {
  server: at('server/src/server.ts'),
  worker: at('server/src/worker.ts'),
  migrate: at('scripts/migrate.ts'),
  backup: at('scripts/backup.ts'),
  restore: at('scripts/restore.ts'),
};
for (const file of readdirSync(at('migrations')).filter((f) => /^\d{4}[a-z]?_.+\.ts$/.test(f))) {
  entries[`migrations/${file.replace(/\.ts$/, '')}`] = at('migrations', file);
}

/** Packages stay imports of node_modules (native parts, their own files); only the workspace's own `@app/*` is bundled. */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
    );
  },
};

const startedAt = Date.now();
await rm(SERVER_DIST, { recursive: true, force: true });
await mkdir(SERVER_DIST, { recursive: true });
const server = await build({
  entryPoints: entries,
  outdir: SERVER_DIST,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [packagesExternal],
});
if (server.errors.length) process.exit(1);
console.log(`server: ${Object.keys(entries).length} files in server/dist (${Date.now() - startedAt} ms)`);

const client = spawnSync('npm', ['run', 'build', '--workspace', 'client'], { cwd: root, stdio: 'inherit' });
if (client.status !== 0) process.exit(client.status ?? 1);

// Sources changed after `startedAt` make the next `npm start` build again.
await writeFile(path.join(SERVER_DIST, 'build.json'), `${JSON.stringify({ startedAt, finishedAt: Date.now() })}\n`);
console.log(`build done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
