/**
 * The floors check, a step of `npm run lint`: in server/src and client/src no import runs up a floor and no files
 * import each other in a loop, type-only imports included (scripts/lib/layers.ts says which floor is which).
 * Exit 1 with the list otherwise.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERINGS, layerProblems, readTree } from './lib/layers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems = LAYERINGS.flatMap((layering) => layerProblems(layering, readTree(root, layering.dir)));
if (problems.length > 0) {
  console.error(`The floors are broken in ${problems.length} place(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Floors: ${LAYERINGS.map((l) => l.dir).join(' and ')} import only downward, with no loops.`);
