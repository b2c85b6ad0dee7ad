import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, type Db } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded.js';
import { localStorage } from '../../server/src/plugins/storage.js';
import { ensureAdmin } from '../../server/src/bootstrap.js';

export const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-password-1' };
export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

export type E2E = { baseUrl: string; db: Db; browser: Browser; page: Page; close: () => Promise<void> };

/**
 * The real product for a browser test: a fresh database (on TEST_DATABASE_URL's server, else the
 * embedded PostgreSQL), the app serving the built client on a free port, and headless Debian Chromium.
 */
export async function startE2E(): Promise<E2E> {
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres('.data/test', Number(process.env.EMBEDDED_TEST_PG_PORT ?? 54339));
    adminUrl = embedded.url;
  }
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 5);
  await migrateToLatest(db);
  await ensureAdmin(db, ADMIN.email, ADMIN.password);

  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'e2e-')) });
  const app: FastifyInstance = await buildApp({ config, db, storage: localStorage(path.join(config.DATA_DIR, 'files')), serveClient: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await mkdir(SCREENSHOTS, { recursive: true });

  return {
    baseUrl,
    db,
    browser,
    page,
    close: async () => {
      await browser.close();
      await app.close();
      await db.destroy();
      await dropDatabase(admin, name);
      await admin.end();
      await embedded?.stop();
    },
  };
}

// The pool's sockets may take a moment to close; a forced drop would kill them mid-goodbye.
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await admin.query(`drop database if exists "${name}"`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
}

/** Signs in through the form, starting from `path` (a signed-out visit is sent to /login first). */
export async function signIn(e: E2E, pathAndQuery = '/admin'): Promise<void> {
  await e.page.goto(`${e.baseUrl}${pathAndQuery}`);
  await e.page.waitForURL(/\/login/);
  await e.page.locator('input[name=email]').fill(ADMIN.email);
  await e.page.locator('input[name=password]').fill(ADMIN.password);
  await e.page.getByRole('button', { name: 'Sign in' }).click();
}
