import path from 'node:path';
import os from 'node:os';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { findPostgresUser, type PostgresUser } from './postgres-user.js';
import { packageBinaries, ROOT_RUNTIME_DIR, stageBinaries, type Binaries } from './embedded-binaries.js';

export { ROOT_RUNTIME_DIR };

export type EmbeddedDatabase = {
  url: string;
  /** Where the cluster's files are. */ databaseDir: string;
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 60_000;

/**
 * The data folder's cluster already runs (an `npm start` beside this process): where it answers, read from its
 * postmaster.pid, so a script (`npm run seed`) can use that one instead.
 */
export class EmbeddedAlreadyRunningError extends Error {
  constructor(
    message: string,
    /** The running cluster's URL for `database`, or undefined when its port cannot be read. */
    readonly runningUrl: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The port on line 4 of a running cluster's postmaster.pid. */
function runningPort(databaseDir: string): number | undefined {
  try {
    const port = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the embedded PostgreSQL (real PostgreSQL binaries shipped in an npm package) with its data in
 * `<dataDir>/pg`, creating the cluster on first use and the `app` database if it is missing.
 * Fails with a message that says why (port taken, data folder unreadable, ...) instead of hanging.
 *
 * PostgreSQL refuses to run as root. Run as root, the server runs as the machine's `postgres` user
 * (created when missing); when that user cannot reach the binaries or the data folder (a checkout
 * under a private /root), the binaries are copied to, and the cluster kept in, ROOT_RUNTIME_DIR.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  database = 'app',
  opts: { /** Skip flushing to disk: for throw-away test data only, a crash may corrupt it. */ durable?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const runAs = process.getuid?.() === 0 ? findPostgresUser() : undefined;
  let bin = await packageBinaries();
  let databaseDir = path.resolve(dataDir, 'pg');
  if (runAs) {
    if (!runAs.canEnter(path.dirname(bin.postgres))) bin = await stageBinaries(bin);
    databaseDir = await reachableDataDir(runAs, databaseDir);
  }

  const log: string[] = [];
  const remember = (message: string) => {
    log.push(...message.trim().split('\n'));
    if (log.length > 40) log.splice(0, log.length - 40);
  };
  const failure = (reason: string) =>
    `Could not start the embedded PostgreSQL on port ${port} (data in ${databaseDir}): ${reason}. ` +
    'Set EMBEDDED_PG_PORT to a free port or DATA_DIR to another folder, or DATABASE_URL to use another server.';
  const fail = (reason: string, cause?: unknown): never => {
    throw new Error(failure(reason), { cause });
  };

  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised && existsSync(databaseDir) && (await readdir(databaseDir)).length > 0) {
    fail('the folder exists but holds no PostgreSQL cluster (an interrupted first start?); delete it to start afresh');
  }
  await mkdir(databaseDir, { recursive: true });
  if (runAs) runAs.own(databaseDir);

  if (!initialised) {
    try {
      await initCluster(bin, databaseDir, runAs, remember);
    } catch (err) {
      await rm(databaseDir, { recursive: true, force: true });
      fail(`initdb failed\n--- it said:\n${log.slice(-10).join('\n')}`, err);
    }
  }

  const flags =
    opts.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  let server: ChildProcess;
  try {
    server = await startServer(bin, databaseDir, port, flags, runAs, remember);
  } catch (err) {
    const output = log.join('\n');
    if (/address already in use|could not create any TCP\/IP sockets/i.test(output))
      fail(`port ${port} is already in use`, err);
    if (/lock file .* already exists/i.test(output)) {
      const running = runningPort(databaseDir);
      const url = running ? `postgres://postgres:postgres@127.0.0.1:${running}/${database}` : undefined;
      throw new EmbeddedAlreadyRunningError(failure('another PostgreSQL already runs on this data folder'), url, {
        cause: err,
      });
    }
    const reason = err instanceof Error ? err.message : 'the server stopped during start';
    fail(`${reason}${output ? `\n--- PostgreSQL said:\n${log.slice(-10).join('\n')}` : ''}`, err);
  }
  const stop = () => stopServer(server!);
  // A process that ends without calling stop() must not leave the server running on its own.
  const onExit = () => server.kill('SIGINT');
  process.once('exit', onExit);

  try {
    await ensureDatabase(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, database);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    databaseDir,
    stop: async () => {
      process.off('exit', onExit);
      await stop();
    },
  };
}

/**
 * The data folder the postgres user can use: the configured one when it can enter its parent, else one
 * under ROOT_RUNTIME_DIR named after the configured folder (so each checkout keeps its own cluster).
 */
async function reachableDataDir(user: PostgresUser, databaseDir: string): Promise<string> {
  await mkdir(path.dirname(databaseDir), { recursive: true });
  if (
    existsSync(path.join(databaseDir, 'PG_VERSION'))
      ? user.canEnter(databaseDir)
      : user.canEnter(path.dirname(databaseDir))
  ) {
    return databaseDir;
  }
  const id = createHash('sha256').update(databaseDir).digest('hex').slice(0, 12);
  const moved = path.join(ROOT_RUNTIME_DIR, `data-${id}`, 'pg');
  await mkdir(path.dirname(moved), { recursive: true });
  await chmod(ROOT_RUNTIME_DIR, 0o755);
  await chmod(path.dirname(moved), 0o755);
  console.warn(
    `The postgres user cannot enter ${path.dirname(databaseDir)}: the embedded database keeps its files in ${moved}`,
  );
  return moved;
}

function run(
  command: string,
  args: string[],
  user: PostgresUser | undefined,
  onOutput: (text: string) => void,
): ChildProcess {
  const child = spawn(command, args, {
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
    cwd: os.tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
  return child;
}

async function initCluster(
  bin: Binaries,
  databaseDir: string,
  user: PostgresUser | undefined,
  onOutput: (text: string) => void,
) {
  const passwordFile = path.join(os.tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, 'postgres\n', { mode: 0o644 });
  try {
    // UTF-8 with the builtin C.UTF-8 locale: the same on every machine, whatever locales it has installed.
    const args = [
      `--pgdata=${databaseDir}`,
      '--auth=password',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ];
    const child = run(bin.initdb, args, user, onOutput);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb exited with code ${code}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

function startServer(
  bin: Binaries,
  databaseDir: string,
  port: number,
  flags: string[],
  user: PostgresUser | undefined,
  onOutput: (text: string) => void,
) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = run(
      bin.postgres,
      ['-D', databaseDir, '-p', String(port), '-h', '127.0.0.1', ...flags],
      user,
      (text) => {
        onOutput(text);
        if (text.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          resolve(child);
        }
      },
    );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server stopped during start (exit code ${code})`));
    });
  });
}

/** A fast shutdown (SIGINT), then SIGKILL if it has not ended within 10 s. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      await client.query(
        `create database "${database.replace(/"/g, '')}"${template ? ` template "${template.replace(/"/g, '')}"` : ''}`,
      );
    }
  } finally {
    await client.end();
  }
}
