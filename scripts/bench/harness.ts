import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config.js';
import { freePort } from '../../server/src/test/free-port.js';
import { createDb, type Db } from '../../server/src/db/database.js';
import { resolveDatabase } from '../../server/src/database-url.js';
import { connectDatabaseServer, type DatabaseServer } from '../../server/src/db/database-server.js';

// The timing helpers, under the name every part imports them by.
export * from './timing.js';

/** The bench server's Stripe webhook secret: the join part signs its events with it. */
export const BENCH_STRIPE_WEBHOOK_SECRET = 'whsec_bench';

export type Bench = {
  db: Db;
  /** The PostgreSQL server of the bench database, for a part that needs a database of its own. */
  server: DatabaseServer;
  /** The server's process id: its memory is read from /proc while it serves. */
  serverPid: number;
  /** Runs `fn` against the bench database and answers the statements it sent, in order. */
  captureSql: (fn: (db: Db) => Promise<unknown>) => Promise<Statement[]>;
  /** Replays captured statements straight to PostgreSQL, one after another. */
  replay: (statements: Statement[]) => Promise<void>;
  sqlClient: pg.Client;
  baseUrl: string;
  cookie: string;
  close: () => Promise<void>;
};

/**
 * A database `bench` on the configured server (DATABASE_URL's server, or the embedded one), the
 * real app listening on a free port, a signed-in admin cookie, and a plain pg client for direct SQL.
 */
export async function startBench(): Promise<Bench> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: process.env.DATA_DIR ?? '.data',
  });
  const resolved = await resolveDatabase(config);
  const server = await connectDatabaseServer(resolved.url, resolved.stop);
  // Kept between runs: seeding 1,000,000 accounts takes minutes, and the seed is idempotent.
  const url = await server.ensureMigrated('bench');
  const db = createDb(url, 10);
  const app = await startServerProcess(url);
  const baseUrl = app.baseUrl;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const sqlClient = new pg.Client({ connectionString: url });
  await sqlClient.connect();
  let captured: Statement[] = [];
  const recordingDb = createDb(url, 1, (sql, parameters) => {
    captured.push({ sql, parameters: [...parameters] });
  });
  const captureSql: Bench['captureSql'] = async (fn) => {
    captured = [];
    await fn(recordingDb);
    if (!captured.length) throw new Error('No SQL captured');
    return captured;
  };
  const replay: Bench['replay'] = async (statements) => {
    for (const st of statements) await sqlClient.query(st.sql, st.parameters);
  };
  return {
    db,
    server,
    serverPid: app.pid,
    captureSql,
    replay,
    sqlClient,
    baseUrl,
    cookie,
    close: async () => {
      keepAlive.destroy();
      await sqlClient.end();
      await recordingDb.destroy();
      await app.stop();
      await db.destroy();
      await server.close();
    },
  };
}

export type Statement = { sql: string; parameters: unknown[] };

/**
 * The real server (`server/src/server.ts`) in its own process on a free port, so its memory is its
 * own and the bench's requests cross a real socket.
 */
async function startServerProcess(
  databaseUrl: string,
): Promise<{ baseUrl: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Production requires these: the bench's mail stays in the outbox, and its links point nowhere real.
      EMAIL_OUTBOX: process.env.SMTP_URL ? 'false' : 'true',
      PUBLIC_URL: 'https://admin.society.example',
      SECRETS_KEY: 'bench-secrets-key-0123456789abcdefghijkl',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
      LOGIN_MAX_FAILURES: '1000',
      STRIPE_WEBHOOK_SECRET: BENCH_STRIPE_WEBHOOK_SECRET,
      DATA_DIR: path.join(tmpdir(), 'bench-data'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`The bench server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error('The bench server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** GETs a JSON API path with the admin cookie; fails loudly on a non-200. */
export function getJson(bench: Bench, pathAndQuery: string): Promise<unknown> {
  return sendJson(bench, 'GET', pathAndQuery);
}

/**
 * Sends a JSON API call with the admin cookie (a JSON `body` for PUT/POST/PATCH) over the timed
 * calls' kept-alive connection; fails loudly on a status other than 200 or 201.
 */
export function sendJson(bench: Bench, method: string, pathAndQuery: string, body?: unknown): Promise<unknown> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${bench.baseUrl}${pathAndQuery}`,
      {
        method,
        agent: keepAlive,
        headers: { cookie: bench.cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200 && res.statusCode !== 201)
            reject(new Error(`${method} ${pathAndQuery} answered ${res.statusCode}: ${text}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The timed calls' client: plain node:http over one kept-alive connection, as the direct SQL they are
 * compared with goes over one kept connection. (fetch costs the bench process itself 0.2 ms and more
 * per call, with a long tail, which would be counted against the server.)
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Streams an export to its end, counting lines and sampling the server process's peak RSS. */
export async function measureExport(bench: Bench, pathAndQuery: string) {
  const startRssMb = rssMb(bench.serverPid);
  let peak = startRssMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(bench.serverPid));
  }, 5);
  const t0 = performance.now();
  const res = await fetch(`${bench.baseUrl}${pathAndQuery}`, { headers: { cookie: bench.cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`${pathAndQuery} answered ${res.status}`);
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const rows = lines - 1;
  return { rows, seconds, rowsPerSecond: rows / seconds, peakRssMb: peak, startRssMb };
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** Prints one measured line with its target and verdict. */
export function report(label: string, value: string, ok: boolean, target: string): boolean {
  console.log(`${ok ? 'PASS' : 'MISS'}  ${label.padEnd(46)} ${value.padEnd(34)} target: ${target}`);
  return ok;
}

/** Waits until no job of the queue `name` is queued or running (at most `maxMs`): whether they all finished. */
export async function jobsSettled(db: Db, name: string, maxMs: number): Promise<boolean> {
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`.execute(
      db,
    );
    if (Number(rows[0]!.n) === 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
