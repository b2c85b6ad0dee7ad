/**
 * Demo data: `npm run seed` adds realistic institutions, a chapter for each and a few events (idempotent);
 * `npm run seed -- --scale N` also makes N generated institutions, N members and N pledges spread over five
 * years, N/100 events, and invitations with N invitees in all, for volume tests.
 */
import { sql } from 'kysely';
import { argValue, runMain, withDatabase } from './lib/database.js';
import { createStorage } from '../server/src/plugins/storage.js';
import { seedDemo } from './seed/demo.js';

runMain(async () => {
  const scaleArg = argValue('scale');
  const scale = scaleArg === undefined ? 0 : Number(scaleArg);
  if (!Number.isInteger(scale) || scale < 0) throw new Error(`--scale must be a whole number, got "${scaleArg}"`);
  await withDatabase(async (db, { config }) => {
    const t0 = Date.now();
    await seedDemo(db, scale, (line) => console.log(line), await createStorage(config));
    await sql`analyze`.execute(db);
    console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});
