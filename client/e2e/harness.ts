import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, type Db } from '../../server/src/db/database.js';
import { localStorage, type Storage } from '../../server/src/plugins/storage.js';
import { setServiceConfig } from '../../server/src/services/secrets.js';
import { ensureAdmin } from '../../server/src/bootstrap.js';
import { cloneTestDatabase } from '../../server/src/test/helper.js';
import { createJobQueue } from '../../server/src/jobs/registry.js';
import { closeContextsSince, sharedBrowser } from './shared-browser.js';

export const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-password-1' };
export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

/** The four ways a screen is looked at: desktop and phone, light and dark (screenshots, overflow checks, the sweep). */
export const SCREEN_MODES = [
  { name: 'desktop-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  { name: 'phone-light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

export type ScreenMode = (typeof SCREEN_MODES)[number];

/** A fresh browser tab in `mode` (its viewport and colour scheme, no motion), closed after `fn` whatever happens. */
export async function inMode<T>(e: E2E, mode: ScreenMode, fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await e.browser.newContext({
    viewport: mode.viewport,
    colorScheme: mode.colorScheme,
    reducedMotion: 'reduce',
  });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Whether the page scrolls sideways (a screen wider than the window). */
export const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

export type E2E = {
  baseUrl: string;
  db: Db;
  /** Where the app keeps uploads (a seed that stores files writes here). */
  storage: Storage;
  browser: Browser;
  page: Page;
  close: () => Promise<void>;
};

/**
 * The real product for a browser test: a fresh database cloned from the run's migrated template (the
 * server tests' global set-up: TEST_DATABASE_URL's server, else the embedded PostgreSQL), the app
 * serving the built client on a free port (with the job queue running when `jobs` is set), and headless
 * Debian Chromium. `env` adds settings (an AI provider, say); `port` fixes the app's port (free-port.ts), for
 * settings that name the app's own address before it starts (PUBLIC_URL, a webhook a stand-in calls).
 */
export async function startE2E(
  options: { jobs?: boolean; env?: Record<string, string>; port?: number } = {},
): Promise<E2E> {
  const database = await cloneTestDatabase();
  const db = createDb(database.url, 5);
  await ensureAdmin(db, ADMIN.email, ADMIN.password);

  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'e2e-')), ...options.env });
  // Services that run without the app at hand (links built for emails: joinUrl) read the same settings, as in
  // a process started with this environment.
  setServiceConfig(config);
  const storage = localStorage(path.join(config.DATA_DIR, 'files'));
  // With `jobs`, the app's real queue runs on the test database (delivery, webhooks ...), as under npm start.
  const jobs = options.jobs
    ? createJobQueue({
        connectionString: database.url,
        services: { db, storage, config },
        work: true,
        pollingIntervalSeconds: 0.5,
      })
    : undefined;
  const app: FastifyInstance = await buildApp({ config, db, storage, jobs, serveClient: true });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  await jobs?.start(app.log);
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const browser = await sharedBrowser();
  const earlierContexts = new Set(browser.contexts());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await mkdir(SCREENSHOTS, { recursive: true });

  return {
    baseUrl,
    db,
    storage,
    browser,
    page,
    close: async () => {
      await closeContextsSince(browser, earlierContexts);
      await app.close();
      await jobs?.stop();
      await db.destroy();
      await database.drop();
      setServiceConfig(undefined);
    },
  };
}

/** Signs in through the form, starting from `path` (a signed-out visit is sent to /login first). */
export async function signIn(e: E2E, pathAndQuery = '/admin'): Promise<void> {
  await e.page.goto(`${e.baseUrl}${pathAndQuery}`);
  await e.page.waitForURL(/\/login/);
  await e.page.locator('input[name=email]').fill(ADMIN.email);
  await e.page.locator('input[name=password]').fill(ADMIN.password);
  await e.page.getByRole('button', { name: 'Sign in' }).click();
}
