/** Applies every pending migration: `npm run migrate` (DATABASE_URL, or the embedded PostgreSQL). */
import { runMain, withDatabase } from './lib/database.js';

runMain(() =>
  withDatabase(async (_db, { config, applied }) => {
    const where = config.DATABASE_URL ? 'DATABASE_URL' : `the embedded PostgreSQL (port ${config.EMBEDDED_PG_PORT})`;
    console.log(
      applied.length
        ? `Applied to ${where}:\n${applied.map((m) => `  ${m}`).join('\n')}`
        : `Nothing to apply: ${where} is up to date.`,
    );
  }),
);
