/**
 * One invitation's database processed in a process of its own, as a worker would (scripts/bench/invitations.ts
 * spawns it): argv invitation id and processing run; prints `{ms, peakRssMb, outcome}` as JSON.
 */
import { pino } from 'pino';
import { loadConfig } from '../../server/src/config.js';
import { createDb } from '../../server/src/db/database.js';
import { resolveDatabase } from '../../server/src/database-url.js';
import { connectDatabaseServer } from '../../server/src/db/database-server.js';
import { createStorage } from '../../server/src/plugins/storage.js';
import { processInvitationDatabase } from '../../server/src/services/invitation-processing/process.js';

const [invitationId, run] = process.argv.slice(2);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATA_DIR: process.env.DATA_DIR ?? '.data',
});
const resolved = await resolveDatabase(config);
const server = await connectDatabaseServer(resolved.url, resolved.stop);
const db = createDb(await server.ensureMigrated('bench'), 4);
const storage = await createStorage(config);
const started = performance.now();
const result = await processInvitationDatabase(
  { db, storage, log: pino({ level: 'warn' }) },
  { invitationId: Number(invitationId), run: run! },
);
const ms = performance.now() - started;
await db.destroy();
await server.close();
console.log(
  JSON.stringify({
    ms,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    outcome: result.outcome,
    phases: result.phases,
  }),
);
