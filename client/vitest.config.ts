import { availableParallelism } from 'node:os';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The files that replace modules with vi.mock: each in a module graph of its own, as Vitest isolates by default. */
const ISOLATED_CLIENT_FILES = [
  'src/components/rich-text/rich-text-editor.test.tsx',
  'src/features/ai-chat/ai-chat.test.tsx',
  'src/features/lessons/lessons.test.tsx',
];

/**
 * One worker per core, for the client and server projects alike (Vitest's default leaves one core to its main
 * process, which has little to do here).
 */
export const WORKERS = Math.max(2, availableParallelism());

const client = {
  root: './client',
  environment: 'happy-dom',
  environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
  setupFiles: ['./src/test/setup.ts'],
  testTimeout: 20_000,
  // Rendering is all CPU in the worker (measured on 2 cores: 264 s against 369 s with the default).
  maxWorkers: WORKERS,
};

/** The client's Vitest projects, named by the root vitest.config.ts (paths relative to the repository's root). */
export const clientProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      ...client,
      name: 'client',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: ISOLATED_CLIENT_FILES,
      // Files share a worker's module graph: Mantine, the router and the app's modules load once per worker rather
      // than once per file (import and set-up were two thirds of the project's time). Each test renders a fresh tree
      // with a fresh query client (src/test/render.tsx), and setup.ts resets the MSW handlers after each test.
      isolate: false,
    },
  },
  { test: { ...client, name: 'client-isolated', include: ISOLATED_CLIENT_FILES } },
];
