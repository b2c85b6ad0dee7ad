// The floors as `npm run lint` checks them: the import zones of scripts/lint/eslint.config.js (through ESLint's own
// API, on files that import up a floor) and scripts/lib/layers.ts (every import, type-only ones and cycles).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { LAYERINGS, layerProblems } from '../../../scripts/lib/layers.js';

const root = path.resolve(import.meta.dirname, '../../..');
const [server, client] = LAYERINGS;

describe('the import zones', () => {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'scripts/lint/eslint.config.js') });
  const zoneErrors = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  };

  it('refuse an import up a floor', async () => {
    const cases: [string, string, RegExp][] = [
      ['server/src/services/payments/x.ts', "import '../../features/payments/routes.js';", /Shared services/],
      [
        'server/src/services/payments/x.ts',
        "import type { JobContext } from '../../jobs/define-job.js';",
        /Jobs stand/,
      ],
      ['server/src/jobs/x.ts', "import '../features/postal-mails/repo.js';", /Jobs stand below the features/],
      ['server/src/plugins/x.ts', "import '../services/mail/send-queue.js';", /below the services/],
      ['client/src/api/x.ts', "import '../components/confirm-delete';", /below the components/],
      ['client/src/components/x.tsx', "import '../app/providers';", /app\/ is the top/],
    ];
    for (const [file, code, message] of cases)
      expect(await zoneErrors(file, code), file).toEqual([expect.stringMatching(message)]);
  });

  it('let an import down a floor through', async () => {
    expect(await zoneErrors('server/src/jobs/x.ts', "import '../services/payments/stripe-apply.js';")).toEqual([]);
    expect(await zoneErrors('client/src/components/x.tsx', "import '../lib/deferred';")).toEqual([]);
  });
});

describe('layerProblems', () => {
  const tree = (files: Record<string, string>) => new Map(Object.entries(files));

  it('passes files that import only their floor and those below', () => {
    const files = tree({
      'config.ts': '',
      'db/job-queue.ts': "import type { Config } from '../config.js';",
      'services/payments/payments.ts': "import type { AppJobs } from '../../db/job-queue.js';",
      'jobs/apply.ts': "import { recordPayment } from '../services/payments/payments.js';",
    });
    expect(layerProblems(server!, files)).toEqual([]);
  });

  it('names a type-only import that runs up a floor', () => {
    const files = tree({
      'jobs/define-job.ts': 'export type AppJobs = {};',
      'services/mail/send.ts': "import type { AppJobs } from '../../jobs/define-job.js';",
    });
    expect(layerProblems(server!, files)).toEqual([
      'server/src/services/mail/send.ts imports server/src/jobs/define-job.ts, a floor above it: move what both need down a floor.',
    ]);
  });

  it('finds a loop held by a type-only import', () => {
    const files = tree({
      'services/auth/sessions.ts': "import { sessionCache } from './session-cache.js';",
      'services/auth/session-cache.ts': "import type { SessionAccount } from './sessions.js';",
    });
    expect(layerProblems(server!, files)).toEqual([
      'These files import each other in a loop (type-only imports count): server/src/services/auth/session-cache.ts, server/src/services/auth/sessions.ts',
    ]);
  });

  it('reads client imports without extensions, index files and re-exports', () => {
    const files = tree({
      'app/deferred.ts': 'export const deferred = 1;',
      'components/kit/index.ts': "export { deferred } from '../../app/deferred';",
      'features/a/page.tsx': "import { deferred } from '../../components/kit';",
    });
    expect(layerProblems(client!, files)).toEqual([
      'client/src/components/kit/index.ts imports client/src/app/deferred.ts, a floor above it: move what both need down a floor.',
    ]);
  });

  it('leaves tests free to reach up', () => {
    const files = tree({ 'app/providers.tsx': '', 'components/x.test.tsx': "import '../app/providers';" });
    expect(layerProblems(client!, files)).toEqual([]);
  });
});
