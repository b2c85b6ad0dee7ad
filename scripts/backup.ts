/**
 * `npm run backup -- <dir>` (`npm run backup:prod -- <dir>` from the build): the database (DATABASE_URL,
 * or the embedded PostgreSQL) as `pg_dump -Fc` plus the local storage's files, into the new folder <dir>.
 */
import { backup } from '../server/src/backup/backup.js';
import { productDatabase } from '../server/src/backup/product-database.js';
import { loadConfig } from '../server/src/config.js';
import { folderArgument, loadEnvFile, runMain } from './lib/database.js';

runMain(async () => {
  const dir = folderArgument('backup');
  loadEnvFile();
  const database = await productDatabase(loadConfig());
  try {
    const started = Date.now();
    const manifest = await backup({ databaseUrl: database.url, filesDir: database.filesDir, dir });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up PostgreSQL ${manifest.server} (pg_dump ${manifest.pgDump}): ${Object.keys(manifest.tables).length} tables, ${rows} rows; ` +
        (manifest.files
          ? `${manifest.files.count} stored files (${manifest.files.bytes} bytes)`
          : 'stored files are in S3, not in this backup') +
        ` -> ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.stop();
  }
});
