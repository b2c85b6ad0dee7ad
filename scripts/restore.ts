/**
 * `npm run restore -- <dir>` (`npm run restore:prod -- <dir>` from the build): a backup made by
 * `npm run backup` back into an empty database (DATABASE_URL, or the embedded PostgreSQL of a new
 * DATA_DIR) and an empty storage folder; the row counts are checked against the backup's.
 */
import { restore } from '../server/src/backup/backup.js';
import { productDatabase } from '../server/src/backup/product-database.js';
import { loadConfig } from '../server/src/config.js';
import { folderArgument, loadEnvFile, runMain } from './lib/database.js';

runMain(async () => {
  const dir = folderArgument('restore');
  loadEnvFile();
  const database = await productDatabase(loadConfig());
  try {
    const started = Date.now();
    const { manifest, tables } = await restore({ databaseUrl: database.url, filesDir: database.filesDir, dir });
    const rows = Object.values(tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt}: ${Object.keys(tables).length} tables, ${rows} rows (the same counts as backed up)` +
        (manifest.files && database.filesDir
          ? `, ${manifest.files.count} stored files into ${database.filesDir}`
          : '') +
        ` in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the product (it applies any newer migrations).`,
    );
  } finally {
    await database.stop();
  }
});
