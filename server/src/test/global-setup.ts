import type { TestProject } from 'vitest/node';
import { testDatabaseServer } from '../db/database-server.js';

// The URL of another database on the same server, under the name tests already import.
export { withDatabaseName as withDatabase } from '../db/database-server.js';

/**
 * One run, one throw-away template database with every migration applied; each test file (server
 * and browser tests alike) then clones its own database from it, so files run in parallel without
 * sharing rows. TEST_DATABASE_URL names any database on the server to use; without it the embedded
 * server runs.
 */
export default async function setup(project: TestProject) {
  const server = await testDatabaseServer();
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const template = `tmpl_${runId}`;
  await server.ensureMigrated(template);

  project.provide('testDb', { adminUrl: server.adminUrl, template, runId });

  return async () => {
    await server.dropAll(`t_${runId}_`);
    await server.dropAll(template);
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { adminUrl: string; template: string; runId: string };
  }
}
