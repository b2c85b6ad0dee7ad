import { sql } from 'kysely';
import type { Db } from './database.js';
import { preparedStatement } from './prepared.js';

/** The tables whose versions migration 0026 keeps (`select track_table_version(...)` adds one). */
export type VersionedTable = 'institutions' | 'institution_logos' | 'chapters' | 'files';

type Entry = { versions: string; value: Promise<unknown> };

/** Reads remembered per database (each app, each test database its own), the least recently used out first. */
const MAX_ENTRIES = 500;
const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

type Versions = { versions: string | null; n: number };

/**
 * The version lookup of each set of tables: it runs on every request, so it is a prepared statement, built once
 * and planned once per connection (db/prepared.ts).
 */
const lookups = new Map<string, (db: Db) => Promise<Versions[]>>();

function versionLookup(tables: readonly VersionedTable[]): (db: Db) => Promise<Versions[]> {
  const key = tables.join(',');
  let lookup = lookups.get(key);
  if (!lookup) {
    lookup = preparedStatement(`table-versions:${key}`, (db: Db) =>
      db
        .selectFrom('tableVersions')
        .select([
          sql<string | null>`string_agg(version::text, ',' order by table_name)`.as('versions'),
          sql<number>`count(*)`.as('n'),
        ])
        .where('tableName', 'in', tables),
    );
    lookups.set(key, lookup);
  }
  return lookup;
}

/** The tables' current versions as one string, or undefined when one of them is not versioned. */
async function versionsOf(db: Db, tables: readonly VersionedTable[]): Promise<string | undefined> {
  const [row] = await versionLookup(tables)(db);
  return row && Number(row.n) === tables.length && row.versions !== null ? row.versions : undefined;
}

/**
 * `read()`'s answer, remembered while the tables it reads are unchanged: each request costs one
 * single-row lookup of their versions (raised in the writing transaction by migration 0026's
 * triggers) instead of the read itself. The versions are read before the data, so an answer is never
 * older than the last write committed before the request began, whichever instance, job or script
 * made it; a write anywhere in those tables makes the next request read afresh. Concurrent misses
 * for the same key share one read. Inside a transaction it always reads.
 *
 * `tables` must name every table `read()` reads; `key` must tell apart everything that changes its
 * answer (the list and its whole query). The answer is shared between requests: never change it.
 * @example return cachedRead(db, ['institutions', 'files'], `institutions ${JSON.stringify(query)}`, () => list(db, query));
 */
export async function cachedRead<T>(
  db: Db,
  tables: readonly VersionedTable[],
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return read();
  const versions = await versionsOf(db, tables);
  if (versions === undefined) return read();
  const cache = cacheOf(db);
  const found = cache.get(key);
  if (found?.versions === versions) {
    // Most recently used goes last: eviction takes the first.
    cache.delete(key);
    cache.set(key, found);
    return found.value as Promise<T>;
  }
  const entry: Entry = { versions, value: read() };
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.value as Promise<T>;
}
