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

export type Timing = { p50: number; p95: number; n: number };

/**
 * Runs `fn` `warmup` times unmeasured, then `n` times, and answers p50/p95 in milliseconds. `before`
 * runs ahead of each call, outside the measured time.
 */
export async function time(
  fn: () => Promise<unknown>,
  n = 200,
  warmup = 20,
  before?: () => Promise<unknown>,
): Promise<Timing> {
  return (await sampleInTurn([fn], n, warmup, before))[0]!;
}

/**
 * Times `a` and `b` call by call in turn (a, b, a, b ...), so that both see the same machine: a
 * background burst then weighs on both sides of a ratio instead of on whichever ran during it.
 */
export async function timeInTurn(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  n = 200,
  warmup = 20,
): Promise<[Timing, Timing]> {
  const [ta, tb] = await sampleInTurn([a, b], n, warmup);
  return [ta!, tb!];
}

/** One side of a comparison timed in blocks: `enter` puts it in place (unmeasured), `fn` is the timed call. */
export type BlockSide = { enter: () => Promise<unknown>; fn: () => Promise<unknown>; before?: () => Promise<unknown> };

/**
 * Times two sides that cannot switch call by call (a schema change puts each in place) in alternating
 * blocks: a, b, a, b ... `rounds` times, each block `warmup` unmeasured calls then `block` measured ones.
 * A background burst then weighs on both sides instead of on whichever ran during it. `before` runs
 * ahead of each measured call, outside the measured time.
 */
export async function timeInBlocks(
  [a, b]: [BlockSide, BlockSide],
  rounds = 10,
  block = 20,
  warmup = 3,
): Promise<[Timing, Timing]> {
  const samples: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    for (const [k, side] of [a, b].entries()) {
      await side.enter();
      for (let i = 0; i < warmup + block; i++) {
        await side.before?.();
        const t0 = performance.now();
        await side.fn();
        if (i >= warmup) samples[k]!.push(performance.now() - t0);
      }
    }
  }
  return [percentiles(samples[0]), percentiles(samples[1])];
}

/** Calls each of `fns` in turn, `warmup` rounds unmeasured then `n` measured, and answers each one's timing. */
async function sampleInTurn(
  fns: Array<() => Promise<unknown>>,
  n: number,
  warmup: number,
  before?: () => Promise<unknown>,
): Promise<Timing[]> {
  const samples = fns.map((): number[] => []);
  for (let i = 0; i < warmup + n; i++) {
    for (const [k, fn] of fns.entries()) {
      if (i >= warmup) await before?.();
      const t0 = performance.now();
      await fn();
      if (i >= warmup) samples[k]!.push(performance.now() - t0);
    }
  }
  return samples.map(percentiles);
}

/** p50 and p95 of samples in milliseconds (sorts them in place). */
export function percentiles(samples: number[]): Timing {
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), n: samples.length };
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
