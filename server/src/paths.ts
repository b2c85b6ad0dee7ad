import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Whether this is the build (`npm run build` bundles this module into `server/dist/*.js`) rather than
 * the TypeScript sources run by tsx or vitest.
 */
export const BUILT = !import.meta.url.endsWith('.ts');

/** The repository root: `server/src/` (sources) and `server/dist/` (build) are both two levels below it. */
export const ROOT = path.resolve(here, '../..');

/** The migrations: `migrations/*.ts` from the sources, `server/dist/migrations/*.js` in the build. */
export const MIGRATIONS = BUILT
  ? { dir: path.join(here, 'migrations'), extension: '.js' }
  : { dir: path.join(ROOT, 'migrations'), extension: '.ts' };

/** The built client (`vite build`), served by the API in both cases. */
export const CLIENT_DIST = path.join(ROOT, 'client', 'dist');
