import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { MIGRATIONS } from '../paths.js';
import type { Db } from './database.js';

/** Loads `migrations/NNNN_<what>.ts` (or their build, `server/dist/migrations/NNNN_<what>.js`) in name order. */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const { dir, extension } = MIGRATIONS;
    const files = (await readdir(dir)).filter((f) => /^\d{4}[a-z]?_.+$/.test(f) && f.endsWith(extension)).sort();
    const entries = await Promise.all(
      files.map(
        async (f) =>
          [f.slice(0, -extension.length), (await import(pathToFileURL(path.join(dir, f)).href)) as Migration] as const,
      ),
    );
    return Object.fromEntries(entries);
  }
}

/**
 * Applies every pending migration; throws with the failing migration's name. Unordered migrations are
 * allowed: areas built side by side may land a lower number after a higher one was applied.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).map((r) => r.migrationName);
}
