/** Writes the API's OpenAPI document: `npm run openapi [-- <file>]`, by default openapi.json at the repo root. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '../server/src/openapi.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// npm runs scripts from the root; INIT_CWD is where the command was typed, for a relative path.
const target = process.argv[2]
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
  : path.join(root, 'openapi.json');
const doc = buildOpenApi();
await writeFile(target, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`Wrote ${target} (${Object.keys(doc.paths).length} paths)`);
