import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Kysely } from 'kysely';
import { createDb, type DB } from '../db/database.js';
import { localStorage } from '../plugins/storage.js';
import { makeAccount } from './accounts.js';
import { connectDatabaseServer } from '../db/database-server.js';

export type TestApp = {
  app: FastifyInstance;
  /** The app's own database handle (not a transaction). */
  db: Kysely<DB>;
  config: Config;
  /**
   * Signs in (creating the account when needed) and returns the session cookie header: staff by default,
   * holding `roles` when made here (default ROLE_ADMIN: every permission).
   */
  signIn: (opts?: { admin?: boolean; email?: string; password?: string; roles?: string[] }) => Promise<string>;
  /** `app.inject` with a cookie; JSON bodies parsed into `json`. */
  request: (opts: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse & { json: () => any }>;
  close: () => Promise<void>;
};

/**
 * A fresh database cloned from the run's migrated template (global-setup.ts), for one test file.
 * The run drops it at its end; `drop` does it sooner.
 */
export async function cloneTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl, template, runId } = inject('testDb');
  const name = `t_${runId}_${randomBytes(4).toString('hex')}`;
  const server = await connectDatabaseServer(adminUrl);
  try {
    const url = await server.ensure(name, template);
    return {
      url,
      drop: async () => {
        const again = await connectDatabaseServer(adminUrl);
        await again.drop(name).finally(() => again.close());
      },
    };
  } finally {
    await server.close();
  }
}

/**
 * A database handle (`connections` at most) on a fresh clone of the template, for tests of services
 * that need no app; `close` ends it and drops the clone.
 * @example beforeAll(async () => ({ db, close } = await createTestDb()));
 */
export async function createTestDb(connections = 2): Promise<{ db: Kysely<DB>; close: () => Promise<void> }> {
  const database = await cloneTestDatabase();
  const db = createDb(database.url, connections);
  return {
    db,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}

/**
 * The usual start of a test file: an app on its own database and a signed-in admin's cookie.
 * @example beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
 */
export async function createSignedInApp(env: Record<string, string> = {}): Promise<{ t: TestApp; cookie: string }> {
  const t = await createTestApp(env);
  return { t, cookie: await t.signIn() };
}

/** A fresh database cloned from the run's template and an app on it, for one test file. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await cloneTestDatabase();

  // Sessions are looked up on every request unless a test asks for the cache: tests change rows
  // directly and expect the next request to see it.
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_CACHE_MS: '0',
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'admin-test-')),
    ...env,
  });
  const db = createDb(database.url, 5);
  const storage = localStorage(path.join(config.DATA_DIR, 'files'));
  const app = await buildApp({ config, db, storage });
  await app.ready();

  const request: TestApp['request'] = async ({ cookie, headers, ...opts }) => {
    const res = await app.inject({ ...opts, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    return Object.assign(res, { json: () => JSON.parse(res.body) });
  };

  let n = 0;
  const signIn: TestApp['signIn'] = async ({ admin: isAdmin = true, email, password = 'password123', roles } = {}) => {
    const address = email ?? `${isAdmin ? 'admin' : 'member'}${++n}@example.test`;
    const exists = await db.selectFrom('accounts').select('id').where('email', '=', address).executeTakeFirst();
    if (!exists)
      await makeAccount(db, {
        firstName: isAdmin ? 'Ada' : 'Max',
        lastName: 'Tester',
        email: address,
        admin: isAdmin,
        roles: ['ROLE_USER', ...(roles ?? (isAdmin ? ['ROLE_ADMIN'] : []))],
        password,
      });
    const res = await request({ method: 'POST', url: '/api/auth/login', payload: { email: address, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    return `sid=${cookie!.value}`;
  };

  return {
    app,
    db,
    config,
    signIn,
    request,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
