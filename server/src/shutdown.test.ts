import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './db/database.js';
import { cloneTestDatabase } from './test/helper.js';
import { freePort } from './test/free-port.js';

const ROWS = 60_000;
const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let child: ChildProcess | undefined;
let base = '';
let output = '';
beforeAll(async () => {
  database = await cloneTestDatabase();
  const db = createDb(database.url, 1);
  await sql`
    insert into institutions (name, type, abbreviation, ownership, website, population, religious_affiliation, financial_model, address)
    select 'Drain Test College ' || g, 'College/University', 'DTC' || g, 'Public', 'https://dtc' || g || '.edu', '1000', 'None', 'Unknown',
      jsonb_build_object('street1', '1 College Ave', 'street2', null, 'city', 'Lakeview', 'state', 'MI', 'postalCode', '49001', 'country', 'US')
    from generate_series(1, ${ROWS}::int) g
  `.execute(db);
  await db.destroy();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'shutdown-')),
      RUN_WORKERS: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'drain@example.com',
      ADMIN_PASSWORD: 'drain-password-1',
      SHUTDOWN_SECONDS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (
      await fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error(`the server was not ready within 60 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await database.drop();
});

/** GET with a socket of its own whose answer is read only when the test says so. */
function openExport(cookie: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/admin/institutions/export`, { headers: { cookie }, agent: false }, resolve);
    req.on('error', reject).end();
  });
}

describe('SIGTERM', () => {
  it('turns readiness 503 at once, lets a long CSV export finish, then exits 0', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'drain@example.com', password: 'drain-password-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

    const res = await openExport(cookie);
    expect(res.statusCode).toBe(200);
    // Read one chunk and stop: the export stays in flight, held back by the socket.
    const chunks: Buffer[] = [];
    const ended = new Promise((resolve) => res.once('end', resolve));
    await new Promise<void>((resolve) =>
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.length === 1) {
          res.pause();
          resolve();
        }
      }),
    );
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');

    let ready: Response | undefined;
    for (let i = 0; i < 50 && ready?.status !== 503; i++) {
      ready = await fetch(`${base}/api/health/ready`);
      if (ready.status !== 503) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ready!.status).toBe(503);
    expect(await ready!.json()).toMatchObject({ status: 'unavailable', failing: ['shutdown'] });
    expect(child!.exitCode).toBeNull();
    expect(chunks).toHaveLength(1); // the export is still in flight

    res.resume();
    await ended;
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.at(-1)).toContain('Drain Test College');

    expect(await exited).toBe(0);
    expect(output).not.toMatch(/shutdown took too long/);
  }, 60_000);
});
