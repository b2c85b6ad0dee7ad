import { writeFile } from 'node:fs/promises';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { watchRequests } from './checks.js';

type Router = { navigate: (to: { href: string }) => Promise<void> };

/**
 * One browser tab the sweep walks through every screen in: loaded once, then moved from screen to screen by
 * the app's own router (as staff click through it) instead of a reload per screen, which cost most of a
 * sweep's time. Collects the uncaught and console errors since the last `open`.
 */
export class SweepTab {
  private errors: string[] = [];
  private listBodies: Promise<unknown>[] = [];
  private loaded = false;
  private pathname = '';
  private cdp?: CDPSession;
  readonly settle: () => Promise<void>;
  private constructor(
    readonly page: Page,
    private readonly baseUrl: string,
    /** The colour scheme the tab shows now: its context's, then what `scheme` turned it to. */
    public colorScheme: 'light' | 'dark',
  ) {
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (err) => this.errors.push(`uncaught ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.errors.push(`console error: ${msg.text()}`);
    });
    page.on('response', (res) => {
      if (
        res.request().method() === 'GET' &&
        res.url().includes('/api/admin/') &&
        res.headers()['content-type']?.includes('json')
      ) {
        this.listBodies.push(res.json().catch(() => undefined));
      }
    });
    this.settle = watchRequests(page);
  }

  /** A tab of `context`, whose colour scheme is `colorScheme` (the context's). */
  static async open(context: BrowserContext, baseUrl: string, colorScheme: 'light' | 'dark'): Promise<SweepTab> {
    return new SweepTab(await context.newPage(), baseUrl, colorScheme);
  }

  /**
   * Shows `url` (path and query) and waits until it is quiet. The errors start afresh; the list answers too
   * when the path changes (on the same path the app may serve its list from its cache). `load`: a page the server
   * renders itself, loaded; the next screen loads the app again.
   */
  async show(url: string, load = false): Promise<void> {
    this.errors = [];
    const pathname = url.split('?')[0]!;
    if (pathname !== this.pathname) this.listBodies = [];
    this.pathname = pathname;
    if (load) {
      await this.page.goto(`${this.baseUrl}${url}`);
      this.loaded = false;
    } else if (this.loaded) {
      await this.page.evaluate(
        (href) => (window as unknown as { __TSR_ROUTER__: Router }).__TSR_ROUTER__.navigate({ href }),
        url,
      );
    } else {
      await this.page.goto(`${this.baseUrl}${url}`);
      this.loaded = true;
    }
    await this.settle();
  }

  /**
   * A PNG of the whole page, beyond the window, to `file`: Chromium's capture with its fast PNG encoding
   * (`optimizeForSpeed`, larger files), which Playwright's own screenshot does not offer (161 ms against 250 ms a
   * desktop page measured alone, and most of a sweep is Chromium's time).
   */
  async screenshot(file: string): Promise<void> {
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    const { cssContentSize } = await this.cdp.send('Page.getLayoutMetrics');
    const { data } = await this.cdp.send('Page.captureScreenshot', {
      format: 'png',
      captureBeyondViewport: true,
      optimizeForSpeed: true,
      clip: { x: 0, y: 0, width: cssContentSize.width, height: cssContentSize.height, scale: 1 },
    });
    await writeFile(file, Buffer.from(data, 'base64'));
  }

  /**
   * Turns the tab's colour scheme to `colorScheme` in place, as a user switching their system's appearance does:
   * the screen shown stays, restyled (the app follows the system's scheme: `data-mantine-color-scheme`; the
   * server's pages by `prefers-color-scheme`). Resolves once the app has taken the new scheme and painted a frame
   * with it; the colour transitions the switch starts (about 70 a screen) are taken to their end at once, the look
   * waiting for them would reach. A fault when the app did not follow.
   */
  async scheme(colorScheme: 'light' | 'dark'): Promise<string[]> {
    await this.page.emulateMedia({ colorScheme });
    this.colorScheme = colorScheme;
    const shown = await this.page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      // The media query's change event, the app's re-render it causes, then a frame painted with both.
      await frame();
      await new Promise((r) => setTimeout(r, 0));
      await frame();
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          // An endless animation has no end to take it to: waited for below like any other.
        }
      }
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
      return document.documentElement.getAttribute('data-mantine-color-scheme');
    });
    return shown === null || shown === colorScheme
      ? []
      : [`the app kept its ${shown} colour scheme when the system's turned ${colorScheme}`];
  }

  /** Errors seen since the last `show`. */
  takeErrors(): string[] {
    return this.errors.splice(0);
  }

  /**
   * The key of the first record in the last list shown (`{items: [...]}` or an array), to open the side panel
   * on: its `uuid` when it has one (calendar events are addressed by uuid), else its `id`.
   */
  async firstListRecord(): Promise<string | undefined> {
    const ids = (await Promise.all(this.listBodies)).map((body) => {
      const rows = Array.isArray(body) ? body : (body as { items?: unknown } | undefined)?.items;
      const first = Array.isArray(rows) ? (rows[0] as { id?: unknown; uuid?: unknown } | undefined) : undefined;
      const id = first?.uuid ?? first?.id;
      return id === undefined ? undefined : String(id);
    });
    return ids.filter((id) => id !== undefined).at(-1);
  }
}
