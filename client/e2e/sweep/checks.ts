import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

/** axe-core's browser build, added to every page of a context before its own scripts (`withAxe`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Makes axe-core available in every page the context opens (one injection per document, not per check). */
export async function withAxe(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ content: AXE_SOURCE });
  return context;
}

/** Elements whose text must never be cut off (badges, buttons, tabs, menu items, table headers). */
const LABELLED = '.mantine-Badge-root, button, [role=button], [role=tab], [role=menuitem], th';

/**
 * Layout faults visible to staff, found in the page: text cut off inside a labelled element (an element or a
 * descendant that clips its content is narrower than that content), a row action or badge of a list out of
 * the table's sight, and a page wider than the window.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const faults: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const describe = (el: Element) => {
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${label}"`;
    };
    for (const el of document.querySelectorAll(selector)) {
      if (!visible(el) || el.closest('[aria-hidden=true], [inert]')) continue;
      for (const part of [el, ...el.querySelectorAll('*')]) {
        if (!(part instanceof HTMLElement) || !part.textContent?.trim()) continue;
        // Text for screen readers only (VisuallyHidden: a 1px clipped box) is meant to be out of sight.
        if (part.clientWidth <= 1 && part.clientHeight <= 1) continue;
        const style = getComputedStyle(part);
        const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
        if (clips && part.scrollWidth > part.clientWidth + 1) {
          faults.push(`text cut off in ${describe(el)} (${part.scrollWidth}px of content in ${part.clientWidth}px)`);
          break;
        }
      }
    }
    // At desktop width every row action and badge of a table is in sight without scrolling it sideways: long columns
    // wrap or shrink, not the actions. On phones the same holds for the list kit's lists, which show their primary
    // columns only; a wider table there (a score matrix) scrolls in its own frame.
    const cells = window.innerWidth >= 1200 ? 'td' : 'table[data-list-table] td';
    const actions = ['button', 'a.mantine-Button-root', '.mantine-Badge-root'].map((a) => `${cells} ${a}`).join(', ');
    for (const el of document.querySelectorAll(actions)) {
      if (!visible(el) || el.closest('[aria-hidden=true], [inert]')) continue;
      let frame: Element | null = el.closest('table')?.parentElement ?? null;
      while (frame && !['auto', 'scroll', 'hidden'].includes(getComputedStyle(frame).overflowX))
        frame = frame.parentElement;
      const right = Math.min(window.innerWidth, frame?.getBoundingClientRect().right ?? window.innerWidth);
      if (el.getBoundingClientRect().right > right + 1) {
        faults.push(
          `row action or badge outside the visible table: ${describe(el)} ends at ${Math.round(el.getBoundingClientRect().right)}px, the table shows up to ${Math.round(right)}px`,
        );
        break;
      }
    }
    const width = document.documentElement.scrollWidth;
    if (width > window.innerWidth + 1) {
      // Name the innermost elements that reach past the window's right edge: where the fix belongs.
      const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1 && visible(el);
      const culprits = [...document.body.querySelectorAll('*')].filter(
        (el) => past(el) && ![...el.children].some(past),
      );
      faults.push(
        `page is ${width}px wide in a ${window.innerWidth}px window, past its edge: ${culprits.slice(0, 3).map(describe).join(', ')}`,
      );
    }
    return faults;
  }, LABELLED);
}

/** The axe rules whose outcome a colour scheme can change: the rest read the DOM, which is the same in light and dark. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Accessibility violations of serious or critical impact, one line each with where they are. Only
 * violations are collected (axe's passes and incomplete lists cost most of a run and are not read here).
 * `rules: 'colour'` runs COLOUR_RULES only: for a dark mode whose light twin at the same width ran every rule on
 * the same DOM (about half a run's cost, most of it the rules that never look at a colour).
 */
export async function accessibilityFaults(page: Page, rules: 'all' | 'colour' = 'all'): Promise<string[]> {
  const options = {
    resultTypes: ['violations'],
    elementRef: false,
    ...(rules === 'colour' && { runOnly: { type: 'rule', values: COLOUR_RULES } }),
  };
  const result = await page.evaluate(
    (o) =>
      (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(document, o),
    options,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const where = v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
        .join(', ');
      return `${v.impact}: ${v.id} (${v.help}) at ${where}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`;
    });
}

/**
 * Counts the page's requests in flight; `settle` waits until none has been in flight for `quietMs` and no
 * animation or transition runs (a fixed network-idle wait would cost half a second a screen).
 */
export function watchRequests(page: Page, quietMs = 250) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const change = (request: unknown, add: boolean) => {
    if (add) inFlight.add(request);
    else inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (r) => change(r, true));
  page.on('requestfinished', (r) => change(r, false));
  page.on('requestfailed', (r) => change(r, false));
  // A redirected request ends as its redirect starts.
  page.on('request', (r) => r.redirectedFrom() && change(r.redirectedFrom(), false));
  return async function settle(): Promise<void> {
    await page.waitForLoadState('load');
    const deadline = Date.now() + 15_000;
    // Quiet means: no request for a while and nothing on screen still loading (an empty app root, skeletons, busy
    // regions), so a screen that fetches in steps (session, then its chunk, then its data) is not caught between two
    // steps. A page the server renders has no app root.
    const loading = () =>
      page.evaluate(
        () =>
          document.getElementById('root')?.childElementCount === 0 ||
          !!document.querySelector('[aria-busy="true"], .mantine-Skeleton-root'),
      );
    const quiet = () => inFlight.size === 0 && Date.now() - lastChange >= quietMs;
    for (;;) {
      if (quiet() && !(await loading()) && quiet()) break;
      if (Date.now() > deadline) {
        const running = [...inFlight].map((r) => (r as { url(): string }).url());
        throw new Error(
          running.length
            ? `requests still running after 15 s: ${running.join(', ')}`
            : 'still loading after 15 s (a skeleton or aria-busy region)',
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  };
}
