import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { clientProjects, WORKERS } from './client/vitest.config';

// Passwords are hashed at argon2id's smallest cost in tests (config.ts: PASSWORD_HASH_COST, refused in
// production): at the standard cost every account a test makes and signs in spends about a second of a
// busy core. The hashes are real argon2id all the same, verified by the same code.
const env = { PASSWORD_HASH_COST: 'low' };

const server = {
  root: './server',
  include: ['src/**/*.test.ts'],
  globalSetup: ['./src/test/global-setup.ts'],
  env,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // A server test spends much of its time waiting on PostgreSQL, another process, and jobs/crash-recovery.test.ts
  // (started first: LongestFirst) holds its worker about 95 s mostly waiting on worker processes: one worker more
  // than cores keeps both cores busy meanwhile (on 2 cores, with lint, the type check and the client build beside
  // them as in `npm test`: 151 s and 146 s against 183 s and 190 s with one per core). After the contract and client
  // files (group 0).
  maxWorkers: WORKERS + 1,
  sequence: { groupOrder: 1 },
};
/**
 * The files that take far longer than the rest, longest first: each starts first among its project's files, so that a
 * worker does not run one of them alone at the end while the other has finished. A fresh clone has no timings for
 * Vitest to order by (it takes the largest files first), so they are named here:
 * - the screen sweep's two files, about 60% of the browser tests together (sweep-roles the longer);
 * - `jobs/crash-recovery.test.ts`, about 95 s of one server worker, mostly waiting on its worker processes and the
 *   supervisor's rounds: started first, its wait overlaps the other server files from the start.
 */
const LONGEST = [/\/e2e\/sweep-roles\.test\.ts$/, /\/e2e\/sweep\.test\.ts$/, /\/src\/jobs\/crash-recovery\.test\.ts$/];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => LONGEST.findIndex((re) => re.test(f.moduleId));
    const long = sorted.filter((f) => rank(f) >= 0).sort((a, b) => rank(a) - rank(b));
    // Each long file goes before the first file of its project (the groups keep their order).
    const out = sorted.filter((f) => rank(f) < 0);
    for (const f of long.reverse()) {
      const at = out.findIndex((g) => g.project.name === f.project.name);
      out.splice(at < 0 ? out.length : at, 0, f);
    }
    return out;
  }
}

const ISOLATED_SERVER_FILES = ['src/test/fuzz.test.ts', 'src/services/mail/unsubscribe-link.test.ts'];

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      // In the client projects' group (0), whose workers it shares: the same count of workers (Vitest requires it).
      {
        test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], maxWorkers: WORKERS },
      },
      {
        test: {
          ...server,
          name: 'server',
          exclude: ISOLATED_SERVER_FILES,
          // Files share a worker process, so node_modules load once per worker rather than once per file;
          // worker-setup.ts evaluates the app's own modules afresh for each file (no state crosses files).
          isolate: false,
          setupFiles: ['./src/test/worker-setup.ts'],
        },
      },
      // The files that replace modules with vi.mock run each in a process of its own, as before
      // (`--project 'server*'` runs both server projects).
      { test: { ...server, name: 'server-isolated', include: ISOLATED_SERVER_FILES } },
      ...clientProjects,
      {
        test: {
          name: 'e2e',
          root: './client',
          include: ['e2e/**/*.test.ts'],
          env,
          // The same migrated template as the server tests: each browser test clones its database from it.
          globalSetup: ['../server/src/test/global-setup.ts'],
          // As the server project: a worker process runs files one after another, the app's modules fresh per file;
          // the worker's files share one Chromium (e2e/shared-browser.ts), each file in contexts of its own. Two
          // workers, the sweep's two files first (LongestFirst), then the others as each worker comes free; a browser
          // test waits on its app and its browser much of the time, so the two overlap.
          isolate: false,
          setupFiles: ['../server/src/test/worker-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
