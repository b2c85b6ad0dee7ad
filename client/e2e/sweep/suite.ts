import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { hashPassword } from '../../../server/src/services/auth/passwords.js';
import { ADMIN, SCREENSHOTS, SCREEN_MODES, startE2E, type E2E } from '../harness.js';
import { sweepVisits, visitUrl, type Visit } from './routes.js';
import { seedSweep } from './seed.js';
import { accessibilityFaults, layoutFaults, withAxe } from './checks.js';
import { SweepTab } from './screen.js';

/**
 * The screen sweep: every route of the route tree, as staff see it: desktop and phone, light and dark. A screen
 * fails on an uncaught error or console error, text cut off in a badge, button, tab, menu item or table header, a
 * page wider than the phone, or a serious or critical axe-core violation. Two files register it (sweepScreens):
 * sweep.test.ts as staff holding ROLE_ADMIN and signed out, sweep-roles.test.ts as an advisor and an auditor, so
 * that the two browser-test workers share it. Screenshots of every state land in
 * client/e2e/screenshots/sweep/<mode>/ (CI keeps them as an artefact). SWEEP_ONLY=<regexp> sweeps the
 * matching routes only, SWEEP_MODES=desktop-light,... those modes only. axe runs every rule in the light modes and
 * the colour rules in the dark ones (checks.ts, COLOUR_RULES). Every screen is swept as staff holding
 * ROLE_ADMIN, and again as a chapter advisor (ROLE_ADVISOR of the seeded chapter) and as an auditor (ROLE_AUDITOR,
 * read only): their screens lack buttons, show one chapter or refuse the page (issue 35 §6); their screenshots
 * land in sweep/<mode>/<persona>/. SWEEP_AS=admin,advisor,auditor sweeps as those only.
 */
const ALL_MODES = SCREEN_MODES;
type Mode = (typeof ALL_MODES)[number];
const MODES = ALL_MODES.filter((m) => !process.env.SWEEP_MODES || process.env.SWEEP_MODES.split(',').includes(m.name));
const only = process.env.SWEEP_ONLY ? new RegExp(process.env.SWEEP_ONLY) : undefined;
const visits = sweepVisits().filter((v) => !only || only.test(v.route));

/** Who sweeps: staff holding these roles (and, for the advisor, the seeded chapter). */
const PERSONAS = {
  admin: { email: ADMIN.email, password: ADMIN.password, roles: [] as string[] },
  advisor: { email: 'sweep-advisor@example.com', password: 'sweep-password-1', roles: ['ROLE_ADVISOR'] },
  auditor: { email: 'sweep-auditor@example.com', password: 'sweep-password-1', roles: ['ROLE_AUDITOR'] },
};
export type Persona = keyof typeof PERSONAS;
const chosen = (p: Persona) => !process.env.SWEEP_AS || process.env.SWEEP_AS.split(',').includes(p);

/**
 * The modes by window size. A tab per size shows each screen state once and looks at it in each of its colour
 * schemes in turn, switched in place (`SweepTab.scheme`): the dark look is of the very DOM the light one checked,
 * and a screen is navigated to and settled twice a state, not four times (most of a sweep's time).
 */
const WINDOWS = [...new Set(MODES.map((m) => m.viewport.width))].map((width) =>
  MODES.filter((m) => m.viewport.width === width),
);

/**
 * Registers the sweep of every screen state as `personas` (those SWEEP_AS keeps): its app, seed, signed-in tabs and
 * one test per state. The signed-out screens are swept with 'admin' (they are the same for everyone).
 */
export function sweepScreens(personas: Persona[]): void {
  const AS = personas.filter(chosen);
  let e: E2E;
  let params: Record<string, string>;
  /** Per window size: a signed-in tab per persona and a signed-out one, each walked through its screens for the whole sweep. */
  const tabs = new Map<number, { signedIn: Record<string, SweepTab>; signedOut: SweepTab }>();

  beforeAll(async () => {
    e = await startE2E();
    params = await seedSweep(e.db, e.storage);
    for (const persona of AS.filter((p) => p !== 'admin')) {
      const { email, password, roles } = PERSONAS[persona];
      await e.db
        .insertInto('accounts')
        .values({
          firstName: 'Sweep',
          lastName: persona,
          email,
          admin: true,
          roles: ['ROLE_USER', ...roles],
          chapterIds: persona === 'advisor' ? [Number(params.chapterId)] : [],
          passwordHash: await hashPassword(password),
          address: '{}',
        })
        .execute();
    }
    for (const mode of MODES) {
      for (const persona of AS)
        await mkdir(path.join(SCREENSHOTS, 'sweep', mode.name, ...(persona === 'admin' ? [] : [persona])), {
          recursive: true,
        });
    }
    for (const [{ viewport, colorScheme }] of WINDOWS as [Mode, ...Mode[]][]) {
      const open = async () => {
        const context = await withAxe(await e.browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce' }));
        return { context, tab: () => SweepTab.open(context, e.baseUrl, colorScheme) };
      };
      const signedIn: Record<string, SweepTab> = {};
      for (const persona of AS) {
        const { context, tab } = await open();
        const { email, password } = PERSONAS[persona];
        const res = await context.request.post(`${e.baseUrl}/api/auth/login`, { data: { email, password } });
        expect(res.status(), `sign-in of ${persona} for the sweep`).toBe(200);
        signedIn[persona] = await tab();
      }
      tabs.set(viewport.width, { signedIn, signedOut: await (await open()).tab() });
    }
  });
  afterAll(() => e?.close());

  /**
   * One screen state in one window size, in each of its modes (`modes`: its colour schemes): its faults, each a line
   * headed by its mode; a screenshot per mode on the way. The tab's current scheme is looked at first.
   */
  async function sweepOne(visit: Visit, modes: readonly Mode[], persona: Persona): Promise<string[]> {
    const sizeTabs = tabs.get(modes[0]!.viewport.width)!;
    const tab = visit.signedOut ? sizeTabs.signedOut : sizeTabs.signedIn[persona]!;
    const { page } = tab;
    const order = [...modes].sort(
      (a, b) => Number(b.colorScheme === tab.colorScheme) - Number(a.colorScheme === tab.colorScheme),
    );
    let mode = order[0]!;
    const faults: string[] = [];
    const add = (lines: string[]) => faults.push(...lines.map((f) => `${mode.name}: ${f}`));
    try {
      const url = visitUrl(visit, params);
      await tab.show(url, visit.load);
      if (visit.panel?.on === 'first') {
        const id = await tab.firstListRecord();
        // An advisor or auditor may see no record of a list (another chapter's, or a refused screen): nothing to open.
        if (id === undefined) {
          if (persona === 'admin') add([`no list record to open the side panel on: seed one in scripts/seed/demo.ts`]);
          return faults;
        }
        await tab.show(`${url}?${visit.panel.key}=${encodeURIComponent(id)}`);
      }
      if (visit.panel?.on === 'new' && (await page.getByRole('dialog').count()) === 0) {
        // The search takes 'new' but this screen adds nothing (members are not created here): nothing to sweep,
        // unless the screen offers an Add button, whose panel (its own chunk) must then open.
        const adds = await page.getByRole('button', { name: /^(Add|New)\b/ }).count();
        if (!adds) return faults;
        const opened = await page
          .getByRole('dialog')
          .first()
          .waitFor({ timeout: 10_000 })
          .then(
            () => true,
            () => false,
          );
        if (!opened) {
          add([`?${visit.panel.key}=new opens no panel although the screen offers Add`]);
          return faults;
        }
      }
      // The tabs ask for reduced motion and the app honours it (theme.respectReducedMotion): a panel is there at
      // once, not sliding in while the checks look (a phone drawer half in sight failed colour contrast).
      if (visit.panel) await page.getByRole('dialog').first().waitFor();
      for (mode of order) {
        if (mode.colorScheme !== tab.colorScheme) add(await tab.scheme(mode.colorScheme));
        const folder = path.join(SCREENSHOTS, 'sweep', mode.name, ...(persona === 'admin' ? [] : [persona]));
        await tab.screenshot(path.join(folder, `${visit.name}.png`));
        // Every axe rule in the light modes; in the dark ones, those a colour can change (the DOM is the light one's).
        const lightTwin = modes.some((m) => m.colorScheme === 'light');
        const rules = mode.colorScheme === 'dark' && lightTwin ? 'colour' : 'all';
        add([...tab.takeErrors(), ...(await layoutFaults(page)), ...(await accessibilityFaults(page, rules))]);
      }
    } catch (err) {
      add([...tab.takeErrors(), (err as Error).message.split('\n')[0]!]);
    }
    return faults;
  }

  // One test per screen state; its window sizes run side by side (a screen mostly waits on the server and the browser).
  for (const visit of visits) {
    for (const persona of visit.signedOut ? (['admin'] as const).filter((p) => AS.includes(p)) : AS) {
      const as = persona === 'admin' ? '' : ` as ${persona}`;
      it(`${visit.name}${as}: no fault in ${MODES.map((m) => m.name).join(', ')}`, async () => {
        const faults = (await Promise.all(WINDOWS.map((modes) => sweepOne(visit, modes, persona)))).flat();
        expect(
          faults,
          `${visit.route}${as}${visit.panel ? ` (panel ${visit.panel.key}=${visit.panel.on})` : ''}\n${faults.join('\n')}`,
        ).toEqual([]);
      }, 120_000);
    }
  }
}
