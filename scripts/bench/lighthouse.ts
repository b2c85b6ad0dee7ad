import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { throttling } from 'lighthouse/core/config/constants.js';
import { freePort } from '../../server/src/test/free-port.js';
import { report, type Bench } from './harness.js';
import { ADMIN_ONLY_CODE, BUDGETS, type Budget } from './lighthouse-budgets.js';
import { seedLighthouse } from './lighthouse-seed.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DIST = path.resolve(import.meta.dirname, '../../client/dist');
/** A route that misses is measured this many times in all, and its median run counts (Lighthouse varies run to run). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * BENCH_LIGHTHOUSE_CALIBRATE=1: scale the presets' CPU slowdown to this machine's speed (Lighthouse's
 * benchmarkIndex, by the Lighthouse team's calculator), for a shared or loaded machine whose CPU is far
 * slower than the presets assume. Off by default: the budgets hold for the presets as they are.
 */
const CALIBRATE = process.env.BENCH_LIGHTHOUSE_CALIBRATE === '1';
/** BENCH_LIGHTHOUSE_ROUTES: a regular expression on the budgets' paths, to measure only those. */
const ROUTES = new RegExp(process.env.BENCH_LIGHTHOUSE_ROUTES ?? '');
/** BENCH_LIGHTHOUSE_REPORTS: a directory to write each run's Lighthouse JSON report in (LCP element, main-thread work, unused JS). */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

/** `npm run build --workspace client`: the bench server serves client/dist, found when it starts, so this runs first. */
export function buildClient(): void {
  const built = spawnSync('npm', ['run', 'build', '--workspace', 'client'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`The client build failed (${built.status})`);
}

/**
 * Lighthouse (performance only) on each route of lighthouse-budgets.ts against the production build the bench
 * server serves, in Debian's Chromium (CHROME_PATH; nothing is downloaded): the public pages on the mobile
 * preset, the staff pages on the desktop preset, signed in by cookie. Prints score, LCP, TBT and the
 * JavaScript sent; MISS under a budget, or when a public page loads the admin application's code.
 */
export async function benchLighthouse(bench: Bench): Promise<boolean> {
  const seed = await seedLighthouse(bench);
  const adminOnly = await adminOnlyFiles();
  const chrome = await startChrome();
  const budgets = BUDGETS.filter((b) => ROUTES.test(b.path));
  console.log(`\nLighthouse ${budgets.length} routes (production build, ${CHROME})`);
  let ok = true;
  try {
    // Calibrated, a first run (not counted) measures the machine.
    if (CALIBRATE)
      await measure(
        chrome.port,
        `${bench.baseUrl}/login`,
        BUDGETS.find((b) => b.path === '/login')!,
      );
    for (const budget of budgets) {
      const url = bench.baseUrl + budget.path.replace('$code', seed.join).replace('$certificate', seed.certificate);
      const cookie = budget.as === 'admin' ? bench.cookie : budget.as === 'member' ? seed.memberCookie : undefined;
      const runs = [await measure(chrome.port, url, budget, cookie)];
      while (runs.length < RUNS && !meets(runs, budget)) runs.push(await measure(chrome.port, url, budget, cookie));
      const run = median(runs);
      const loaded = run.scripts.filter((s) => adminOnly.has(path.basename(new URL(s.url).pathname)));
      const label = `${budget.preset.padEnd(7)} ${budget.path}`;
      ok =
        report(
          label,
          `${run.score.toFixed(2)} LCP ${ms(run.lcp)} TBT ${ms(run.tbt)} JS ${kib(run.scripts)} (CPU index ${Math.round(run.benchmarkIndex)}${CALIBRATE ? ', calibrated' : ''})`,
          run.score >= budget.minScore && run.lcp <= budget.maxLcpMs,
          `>= ${budget.minScore}, LCP <= ${budget.maxLcpMs} ms${runs.length > 1 ? ` (median of ${runs.length})` : ''}`,
        ) && ok;
      for (const u of run.uncompressed) console.log(`      served uncompressed: ${u}`);
      if (budget.preset === 'mobile')
        ok =
          report(
            '  admin application code loaded',
            loaded.map((s) => path.basename(s.url)).join(', ') || 'none',
            loaded.length === 0,
            'none',
          ) && ok;
    }
  } finally {
    await chrome.stop();
  }
  return ok;
}

type Run = {
  score: number;
  lcp: number;
  tbt: number;
  scripts: Array<{ url: string; transferSize: number }>;
  uncompressed: string[];
  /** Lighthouse's measure of this machine's speed at the time (a quiet desktop: 1,000 and more). */
  benchmarkIndex: number;
};

/** The mobile preset's CPU slowdown for a host of this benchmarkIndex (4x at 1,533; the calculator's lines). */
function mobileMultiplier(index: number): number {
  if (index >= 1300) return 3 + (index - 1300) / 233;
  if (index >= 800) return 2 + (index - 800) / 500;
  return 1 + Math.max(0, index - 150) / 650;
}

/** The preset's config; calibrated, its CPU slowdown scaled from the last run's benchmarkIndex. */
function presetConfig(budget: Budget, index: number | undefined) {
  if (budget.preset === 'desktop' && (!CALIBRATE || !index)) return desktopConfig;
  if (!CALIBRATE || !index) return undefined;
  // The desktop preset does not slow the CPU (1x where the mobile one takes 4x).
  const cpuSlowdownMultiplier = mobileMultiplier(index) / (budget.preset === 'desktop' ? 4 : 1);
  const base = budget.preset === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' as const, settings: {} };
  const preset = budget.preset === 'desktop' ? throttling.desktopDense4G : throttling.mobileSlow4G;
  return { ...base, settings: { ...base.settings, throttling: { ...preset, cpuSlowdownMultiplier } } };
}

let lastIndex: number | undefined;

async function measure(port: number, url: string, budget: Budget, cookie?: string): Promise<Run> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  };
  const result = await lighthouse(url, flags, presetConfig(budget, lastIndex));
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  lastIndex = result.lhr.environment.benchmarkIndex;
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`;
    await writeFile(path.join(REPORTS, name), JSON.stringify(result.lhr));
  }
  // A page that never painted (NO_FCP ...) scores 0: say why rather than print empty figures only.
  if (result.lhr.runtimeError)
    console.log(`      Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const { audits, categories, finalDisplayedUrl } = result.lhr;
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${finalDisplayedUrl}: was the cookie refused?`);
  const items = (id: string) =>
    ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Array<{
      url: string;
      resourceType?: string;
      transferSize: number;
    }>;
  return {
    score: categories.performance?.score ?? 0,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Infinity,
    tbt: audits['total-blocking-time']?.numericValue ?? Infinity,
    scripts: items('network-requests').filter((r) => r.resourceType === 'Script'),
    uncompressed: items('uses-text-compression').map((r) => r.url),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

const meets = (runs: Run[], budget: Budget) => {
  const run = median(runs);
  return run.score >= budget.minScore && run.lcp <= budget.maxLcpMs;
};
const median = (runs: Run[]) => [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)]!;
const ms = (n: number) => `${Math.round(n)} ms`;
const kib = (scripts: Run['scripts']) =>
  `${(scripts.reduce((sum, s) => sum + s.transferSize, 0) / 1024).toFixed(0)} KiB in ${scripts.length}`;

/** The build's files that hold admin-only code (lighthouse-budgets.ts), from the Vite manifest. */
async function adminOnlyFiles(): Promise<Set<string>> {
  const manifest = JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string; src?: string }
  >;
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (ADMIN_ONLY_CODE.test(`${key} ${chunk.name ?? ''} ${chunk.src ?? ''}`)) files.add(path.basename(chunk.file));
  return files;
}

/** Headless Chromium with its DevTools port open, a fresh profile, and no network of its own (updates, sync ...). */
async function startChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'lighthouse-chrome-'));
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${CHROME} exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300) throw new Error(`${CHROME} did not open its DevTools port within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(profile, { recursive: true, force: true });
    },
  };
}
