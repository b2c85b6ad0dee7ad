import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { findPgTool, libpqTarget } from './pg-tools.js';

/*
 * `npm run backup -- <dir>`: the database as `pg_dump -Fc` (database.dump) plus the local storage's
 * files (files/), and manifest.json with the row count of every table read in the dump's own snapshot.
 * `npm run restore -- <dir>`: both back, into an empty database and an empty storage folder, then the
 * row counts checked against the manifest.
 *
 * Consistency: pg_dump runs in a snapshot exported by a transaction that also counts the rows, so
 * the dump and its counts are one instant. Files are copied after the dump: every file a dumped row
 * names already exists (uploads are stored before their row commits); a file deleted in the seconds
 * between would be missing, a file added then is an orphan the purge job removes.
 */

export const BACKUP_FILES = { dump: 'database.dump', files: 'files', manifest: 'manifest.json' } as const;

export type Manifest = {
  format: 1;
  createdAt: string;
  server: string;
  pgDump: string;
  tables: Record<string, number>;
  files: { count: number; bytes: number } | null;
};

/** The schemas the product writes: its tables (public) and the job queue's (pgboss). */
const SCHEMAS = ['public', 'pgboss'];

export async function serverMajor(client: pg.Client): Promise<{ major: number; version: string }> {
  const { rows } = await client.query<{ v: string; n: string }>(
    "select current_setting('server_version') as v, current_setting('server_version_num') as n",
  );
  return { major: Math.floor(Number(rows[0]!.n) / 10_000), version: rows[0]!.v };
}

/** Exact row counts of every table of the product's schemas, as `schema.table`. */
export async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_schema = any($1) and table_type = 'BASE TABLE' order by 1`,
    [SCHEMAS],
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${name}`);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

/** Runs pg_dump or pg_restore on `databaseUrl`: its password goes in the child's environment, never in `args`. */
function run(file: string, databaseUrl: string, args: string[]): Promise<void> {
  const target = libpqTarget(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args, `--dbname=${target.dbname}`], {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, ...target.env },
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} exited with code ${code}: ${err.trim()}`)),
    );
  });
}

async function folderSize(dir: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

/** A backup is readable by its owner only: folders 0700, files 0600 (the dump holds every password hash). */
async function ownerOnly(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** Writes a backup of `databaseUrl` (and of `filesDir`, the local storage, when given) into `dir`, which must be empty or new. */
export async function backup(opts: { databaseUrl: string; filesDir: string | null; dir: string }): Promise<Manifest> {
  if (!(await isEmptyFolder(opts.dir)))
    throw new Error(`${opts.dir} is not empty: give each backup a folder of its own`);
  await mkdir(opts.dir, { recursive: true, mode: 0o700 });
  // An existing empty folder keeps its mode otherwise: closed before anything is written into it.
  await chmod(opts.dir, 0o700);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const server = await serverMajor(client);
    const pgDump = findPgTool('pg_dump', server.major);
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const tables = await countRows(client);
    await run(pgDump.path, opts.databaseUrl, [
      '--format=custom',
      `--snapshot=${rows[0]!.id}`,
      `--file=${path.join(opts.dir, BACKUP_FILES.dump)}`,
    ]);
    await client.query('commit');

    let files: Manifest['files'] = null;
    if (opts.filesDir) {
      const target = path.join(opts.dir, BACKUP_FILES.files);
      if (existsSync(opts.filesDir)) await cp(opts.filesDir, target, { recursive: true, preserveTimestamps: true });
      else await mkdir(target);
      files = await folderSize(target);
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      server: server.version,
      pgDump: pgDump.version,
      tables,
      files,
    };
    await writeFile(path.join(opts.dir, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await ownerOnly(opts.dir);
    return manifest;
  } finally {
    await client.end();
  }
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, BACKUP_FILES.manifest);
  if (!existsSync(file)) throw new Error(`${dir} holds no backup (no ${BACKUP_FILES.manifest})`);
  return JSON.parse(await readFile(file, 'utf8')) as Manifest;
}

/**
 * Restores the backup in `dir` into `databaseUrl`, which must hold no table yet (a new database), and
 * its files into `filesDir` (must be empty or new). Checks every table's row count against the manifest.
 */
export async function restore(opts: {
  databaseUrl: string;
  filesDir: string | null;
  dir: string;
}): Promise<{ manifest: Manifest; tables: Record<string, number> }> {
  const manifest = await readManifest(opts.dir);
  if (manifest.files && opts.filesDir && !(await isEmptyFolder(opts.filesDir))) {
    throw new Error(`The storage folder ${opts.filesDir} is not empty: restore into an empty one`);
  }
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const existing = await countRows(client);
    if (Object.keys(existing).length)
      throw new Error(
        `The database is not empty (${Object.keys(existing).length} tables, e.g. ${Object.keys(existing)[0]}): restore into a new, empty database`,
      );
    const server = await serverMajor(client);
    const dumpMajor = Number(/^\d+/.exec(manifest.pgDump)?.[0] ?? 0);
    const pgRestore = findPgTool('pg_restore', Math.max(server.major, dumpMajor));
    await run(pgRestore.path, opts.databaseUrl, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      path.join(opts.dir, BACKUP_FILES.dump),
    ]);
    const tables = await countRows(client);
    const differ = Object.keys({ ...manifest.tables, ...tables }).filter((t) => manifest.tables[t] !== tables[t]);
    if (differ.length)
      throw new Error(
        `Restored row counts differ from the backup's: ${differ.map((t) => `${t} ${tables[t] ?? 'missing'} (backup ${manifest.tables[t] ?? 'none'})`).join(', ')}`,
      );
    if (manifest.files && opts.filesDir)
      await cp(path.join(opts.dir, BACKUP_FILES.files), opts.filesDir, { recursive: true, preserveTimestamps: true });
    return { manifest, tables };
  } finally {
    await client.end();
  }
}
