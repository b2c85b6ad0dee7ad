// `npm start`: runs the build (server/dist/server.js), building it first when it is missing or any
// source is newer than it (`npm run build`, which needs the dev dependencies). Plain JavaScript, so it
// also runs where only the production dependencies are installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** What the build is made from (tests and e2e left out: they are not part of it). */
const SOURCES = [
  'contract/src',
  'server/src',
  'migrations',
  'scripts',
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'package-lock.json',
];
const NOT_BUILT = /\.test\.tsx?$|^(e2e|test|lint|bench|seed)$/;

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (!NOT_BUILT.test(entry)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

function staleBecause() {
  const stampFile = at('server/dist/build.json');
  if (!existsSync(stampFile) || !existsSync(at('server/dist/server.js')) || !existsSync(at('client/dist/index.html')))
    return 'no build yet';
  const { startedAt } = JSON.parse(readFileSync(stampFile, 'utf8'));
  const changed = SOURCES.find((s) => newestChange(at(s)) > startedAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

const reason = staleBecause();
if (reason) {
  if (!existsSync(at('node_modules/esbuild')) || !existsSync(at('node_modules/vite'))) {
    console.error(
      `Cannot start: ${reason}, and the build tools are not installed. Run \`npm install && npm run build\` (or deploy a tree built by \`npm run build\`).`,
    );
    process.exit(1);
  }
  console.log(`Building (${reason}) ...`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(at('server/dist/server.js')).href);
