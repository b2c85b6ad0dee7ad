/**
 * The docs' link check, the last step of `npm run lint`: every relative link of README.md and docs/ leads to a
 * file (and heading) that exists, and every `npm run` script they name exists. Exit 1 with the list otherwise.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocs, docFiles } from './lib/doc-links.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems = checkDocs(root);
if (problems.length > 0) {
  console.error(`The docs name ${problems.length} thing(s) that do not exist:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Docs: every link and npm script in ${docFiles(root).length} file(s) exists.`);
