import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../db/database.js';
import { connectDatabaseServer } from '../db/database-server.js';
import { localStorage } from '../plugins/storage.js';
import { cloneTestDatabase } from '../test/helper.js';
import { backup, countRows, restore, serverMajor } from './backup.js';
import { findPgTool } from './pg-tools.js';

let source: Awaited<ReturnType<typeof cloneTestDatabase>>;
let work: string;
const emptyName = `t_${inject('testDb').runId}_restore_${randomBytes(3).toString('hex')}`;
let emptyUrl = '';
/** Why this server cannot be dumped here (no pg_dump of its major version or later), or undefined. */
let noTools: string | undefined;

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, file)] = (await readFile(file)).toString('base64');
    }
  }
  return out;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  source = await cloneTestDatabase();
  work = await mkdtemp(path.join(tmpdir(), 'backup-'));
  const db = createDb(source.url, 1);
  await sql`
    insert into institutions (name, type, abbreviation, ownership, website, population, religious_affiliation, financial_model, address)
    select 'Backup College ' || g, 'College/University', 'BC' || g, 'Public', 'https://bc' || g || '.edu', '1000', 'None', 'Unknown',
      jsonb_build_object('street1', '1 College Ave', 'street2', null, 'city', 'Lakeview', 'state', 'MI', 'postalCode', '49001', 'country', 'US')
    from generate_series(1, 250) g
  `.execute(db);
  await db.destroy();
  const storage = localStorage(path.join(work, 'files'));
  await storage.put('uploads/2026/logo.png', randomBytes(70_000), 'image/png');
  await storage.put('exports/report.csv', Buffer.from('name,city\nBackup College 1,Lakeview\n'), 'text/csv');
  const server = await connectDatabaseServer(inject('testDb').adminUrl);
  try {
    emptyUrl = await server.ensure(emptyName);
  } finally {
    await server.close();
  }
  const major = await withClient(source.url, async (c) => (await serverMajor(c)).major);
  try {
    findPgTool('pg_dump', major);
  } catch (err) {
    noTools = (err as Error).message;
  }
});
afterAll(async () => {
  await source?.drop();
  const server = await connectDatabaseServer(inject('testDb').adminUrl);
  await server.drop(emptyName).finally(() => server.close());
  await rm(work, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore into an empty database', () => {
  it('gives the same row counts in every table and the same stored files, byte for byte', async (ctx) => {
    if (noTools) {
      console.warn(`backup test skipped on this server: ${noTools}`);
      ctx.skip();
    }
    const dir = path.join(work, 'backup-1');
    const manifest = await backup({ databaseUrl: source.url, filesDir: path.join(work, 'files'), dir });
    expect(manifest.tables['public.institutions']).toBeGreaterThanOrEqual(250);
    expect(manifest.files).toEqual({ count: 2, bytes: 70_000 + 36 });
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['database.dump', 'files', 'manifest.json']));

    const restoredFiles = path.join(work, 'restored-files');
    const { tables } = await restore({ databaseUrl: emptyUrl, filesDir: restoredFiles, dir });
    const sourceCounts = await withClient(source.url, countRows);
    expect(Object.keys(sourceCounts).length).toBeGreaterThan(20);
    expect(await withClient(emptyUrl, countRows)).toEqual(sourceCounts);
    expect(tables).toEqual(sourceCounts);
    expect(await tree(restoredFiles)).toEqual(await tree(path.join(work, 'files')));
    // The same rows, not only as many: a sample compared in full.
    const sample = 'select name, website, address from institutions order by id';
    expect((await withClient(emptyUrl, (c) => c.query(sample))).rows).toEqual(
      (await withClient(source.url, (c) => c.query(sample))).rows,
    );
  }, 120_000);

  it('keeps the database password off the command line, and the backup readable by its owner only', async (ctx) => {
    if (noTools) ctx.skip();
    const major = await withClient(source.url, async (c) => (await serverMajor(c)).major);
    const real = findPgTool('pg_dump', major).path;
    // A pg_dump that writes down what it was given, then runs the real one: what `ps` would have shown.
    const bin = path.join(work, 'bin');
    const seen = path.join(work, 'pg_dump-saw');
    await rm(bin, { recursive: true, force: true });
    await mkdir(bin);
    await writeFile(
      path.join(bin, 'pg_dump'),
      `#!/bin/sh\nif [ "$1" = --version ]; then echo "pg_dump (PostgreSQL) ${major}.99"; exit 0; fi\n` +
        `printf '%s\\n' "$@" > '${seen}'; echo "PGPASSWORD=$PGPASSWORD" >> '${seen}'\nexec '${real}' "$@"\n`,
    );
    await chmod(path.join(bin, 'pg_dump'), 0o755);
    const withPassword = new URL(source.url);
    withPassword.password = 'Sekret-Pw-42';
    const dir = path.join(work, 'backup-private');
    const before = process.env.PG_BIN_DIR;
    process.env.PG_BIN_DIR = bin;
    try {
      await backup({ databaseUrl: withPassword.toString(), filesDir: path.join(work, 'files'), dir });
    } finally {
      if (before === undefined) delete process.env.PG_BIN_DIR;
      else process.env.PG_BIN_DIR = before;
    }
    const [args, env] = (await readFile(seen, 'utf8')).split('PGPASSWORD=');
    expect(args).toMatch(/--dbname=postgres/);
    expect(args).not.toContain('Sekret-Pw-42');
    expect(env!.trim()).toBe('Sekret-Pw-42');

    const mode = async (p: string) => (await stat(p)).mode & 0o777;
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, 'database.dump'))).toBe(0o600);
    expect(await mode(path.join(dir, 'manifest.json'))).toBe(0o600);
    expect(await mode(path.join(dir, 'files'))).toBe(0o700);
    expect(await mode(path.join(dir, 'files', 'exports', 'report.csv'))).toBe(0o600);
  }, 120_000);

  it('refuses a database that is not empty, and a folder that already holds something', async (ctx) => {
    if (noTools) ctx.skip();
    const dir = path.join(work, 'backup-1');
    await expect(restore({ databaseUrl: source.url, filesDir: path.join(work, 'other-files'), dir })).rejects.toThrow(
      /not empty.*new, empty database/,
    );
    await expect(backup({ databaseUrl: source.url, filesDir: null, dir })).rejects.toThrow(/is not empty/);
  });
});
