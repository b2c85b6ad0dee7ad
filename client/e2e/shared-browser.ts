import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// The e2e project shares a worker process between files (isolate: false in vitest.config.ts), and the
// worker one headless Chromium: launching it cost each file a few seconds. It lives on globalThis because
// the harness's modules are evaluated afresh for each file; Chromium ends with the worker process.
const shared = globalThis as { e2eBrowser?: Promise<Browser> };

/**
 * The browser the tests drive: `CHROMIUM_PATH`, else Debian's Chromium headless shell (package
 * chromium-headless-shell: the same engine without the full browser around it; the browser tests took 16% less
 * time with it, 253 s against 302 s), else Debian's Chromium.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';

/** Debian's headless Chromium, launched once per worker (again if it went away). */
export async function sharedBrowser(): Promise<Browser> {
  const running = await shared.e2eBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared.e2eBrowser = chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return shared.e2eBrowser;
}

/**
 * What `browser.close()` did for one file, leaving the browser to the next: closes every context (and so
 * every tab) opened since `before`.
 */
export async function closeContextsSince(browser: Browser, before: ReadonlySet<unknown>): Promise<void> {
  await Promise.all(
    browser
      .contexts()
      .filter((c) => !before.has(c))
      .map((c) => c.close()),
  );
}
