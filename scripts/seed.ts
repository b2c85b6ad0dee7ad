/**
 * Demo data: `npm run seed` adds realistic institutions, a chapter for each and a few events (idempotent);
 * `npm run seed -- --scale N` also makes N generated institutions, N members and N pledges spread over five
 * years, and N/100 events, for volume tests.
 */
import { sql } from 'kysely';
import { argValue, runMain, withDatabase } from './lib/database.js';
import { seedInstitutions, seedScaleInstitutions } from './seed/institutions.js';
import { seedScaleMembers } from './seed/members.js';
import { seedChapters, seedEvents, seedScaleEvents } from './seed/chapters-and-events.js';

runMain(async () => {
  const scaleArg = argValue('scale');
  const scale = scaleArg === undefined ? 0 : Number(scaleArg);
  if (!Number.isInteger(scale) || scale < 0) throw new Error(`--scale must be a whole number, got "${scaleArg}"`);
  await withDatabase(async (db) => {
    const t0 = Date.now();
    console.log(`institutions: ${await seedInstitutions(db)} added`);
    console.log(`chapters: ${await seedChapters(db)} added`);
    console.log(`events: ${await seedEvents(db)} added`);
    if (scale > 0) {
      console.log(`scale institutions: ${await seedScaleInstitutions(db, scale)} added`);
      const { members, pledges } = await seedScaleMembers(db, scale);
      console.log(`scale members: ${members} added, pledges: ${pledges} added`);
      console.log(`scale events: ${await seedScaleEvents(db, scale)} added`);
    }
    await sql`analyze`.execute(db);
    console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});
