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
  // A server test spends much of its time waiting on PostgreSQL, another process: one worker per core keeps both
  // cores busy (the default leaves one core to the main process). After the contract and client files (group 0).
  maxWorkers: WORKERS,
  sequence: { groupOrder: 1 },
};
/**
 * Vitest's order (a fresh clone has no timings: files as found), except that the screen sweep's two files, the
 * longest browser files by far (about 60% of them together), start first among them, the longer (sweep-roles) first:
 * the two workers share the sweep and then the other files instead of leaving one file to run alone at the end.
 */
class SweepFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isSweep = (f: TestSpecification) => /\/e2e\/sweep[^/]*\.test\.ts$/.test(f.moduleId);
    const sweep = sorted.filter(isSweep).sort((a, b) => (a.moduleId < b.moduleId ? -1 : 1));
    const first = sorted.findIndex((f) => f.project.name === 'e2e');
    if (!sweep.length || first < 0) return sorted;
    const rest = sorted.filter((f) => !isSweep(f));
    return [...rest.slice(0, first), ...sweep, ...rest.slice(first)];
  }
}

const ISOLATED_SERVER_FILES = ['src/test/fuzz.test.ts', 'src/services/mail/unsubscribe-link.test.ts'];

export default defineConfig({
  test: {
    sequence: { sequencer: SweepFirst },
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
          // workers, the sweep's two files first (SweepFirst), then the others as each worker comes free; a browser
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
