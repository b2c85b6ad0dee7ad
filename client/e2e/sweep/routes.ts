import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router';
import { routeTree } from '../../src/routes/route-tree';

/** One screen state the sweep visits: a URL and a file-friendly name for its screenshot. */
export type Visit = {
  name: string;
  route: string;
  signedOut?: boolean;
  panel?: { key: string; on: 'new' | 'first' };
  tab?: string;
  search?: string;
  /** A page the server renders itself (SERVER_PAGES): loaded, not reached through the app's router. */
  load?: boolean;
};

/**
 * The public pages the server renders as plain HTML (no app, no script), swept as the app's screens are: each
 * bare, and with its seeded search (`search`: a seed key) when it has one.
 */
export const SERVER_PAGES: { path: string; search?: string; signedIn?: boolean }[] = [
  { path: '/verify/$id' },
  // The join landing page: the lookup form without a signed link, the letter with one.
  { path: '/join/$invitationCode', search: 'joinSearch' },
  // The member home, signed in (staff see its staff view). The app's '/member' is only the frame of the member
  // pages under it, never shown bare: swept here, not through the router.
  { path: '/member', signedIn: true },
];

/**
 * The URL keys that open a side panel: the form kit's `edit` ('new' or a record), and the detail panels'
 * `details` and `message` (a record). A screen with a panel under another key adds it here to be swept open.
 */
export const PANEL_KEYS = ['edit', 'details', 'message'] as const;

// Only read for its routes, never run: no query client in its context.
const router = createRouter({
  routeTree,
  history: createMemoryHistory(),
  context: { queryClient: undefined as never },
});

/** Which of PANEL_KEYS the route's search keeps, and whether it takes 'new' (a form for a new record). */
function panelsOf(route: AnyRoute): { key: string; takesNew: boolean }[] {
  // A route's search is a zod schema or a function (TanStack Router takes either).
  const validate = route.options.validateSearch as
    | ((input: Record<string, unknown>) => Record<string, unknown>)
    | { parse: (input: Record<string, unknown>) => Record<string, unknown> }
    | undefined;
  if (!validate) return [];
  const parse = (input: Record<string, unknown>) => {
    try {
      return typeof validate === 'function' ? validate(input) : validate.parse(input);
    } catch {
      return {};
    }
  };
  return PANEL_KEYS.filter((key) => parse({ [key]: '7' })[key] !== undefined).map((key) => ({
    key,
    takesNew: parse({ [key]: 'new' })[key] === 'new',
  }));
}

const fileName = (path: string) => path.replace(/^\//, '').replace(/[/$]+/g, '_') || 'root';

/**
 * Every route of the client's route tree, read from the tree itself: a route added later is swept without
 * a change here. A route whose search holds a side panel (PANEL_KEYS) is also visited with the panel open on
 * its list's first record, and empty ('new') where the panel is a form.
 */
export function sweepVisits(): Visit[] {
  const visits: Visit[] = [];
  const served = new Set(SERVER_PAGES.map((p) => p.path));
  for (const [path, route] of Object.entries(router.routesByPath) as [string, AnyRoute][]) {
    if (served.has(path)) continue;
    const name = fileName(path);
    visits.push({ name, route: path, signedOut: path === '/login' });
    // A screen with tabs (`staticData.sweepTabs`) is also visited on each of them (`?tab=`).
    for (const tab of route.options.staticData?.sweepTabs ?? []) {
      visits.push({ name: `${name}--tab-${tab.toLowerCase().replace(/\W+/g, '-')}`, route: path, tab });
    }
    // A screen with `staticData.sweepSearch` is also visited with that seeded search string (e.g. a signed link).
    const search = route.options.staticData?.sweepSearch;
    if (search) visits.push({ name: `${name}--${search}`, route: path, search });
    for (const { key, takesNew } of panelsOf(route)) {
      if (takesNew) visits.push({ name: `${name}--${key}-new`, route: path, panel: { key, on: 'new' } });
      visits.push({ name: `${name}--${key}-first`, route: path, panel: { key, on: 'first' } });
    }
  }
  for (const { path, search, signedIn } of SERVER_PAGES) {
    const signedOut = !signedIn;
    visits.push({ name: fileName(path), route: path, signedOut, load: true });
    if (search) visits.push({ name: `${fileName(path)}--${search}`, route: path, search, signedOut, load: true });
  }
  return visits;
}

/** The visit's address: `$param` segments take the seed's value for that name; throws when one is missing. */
export function visitUrl(visit: Visit, params: Record<string, string>): string {
  const missing = [...visit.route.matchAll(/\$(\w+)/g)].map((m) => m[1]!).filter((p) => params[p] === undefined);
  if (missing.length) {
    throw new Error(
      `the sweep has no seeded value for ${missing.map((m) => `$${m}`).join(', ')}: add it to client/e2e/sweep/seed.ts`,
    );
  }
  const url = visit.route.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
  if (visit.tab) return `${url}?tab=${encodeURIComponent(visit.tab)}`;
  if (visit.search) {
    if (params[visit.search] === undefined)
      throw new Error(`the sweep has no seeded value for ${visit.search}: add it to client/e2e/sweep/seed.ts`);
    return `${url}?${params[visit.search]}`;
  }
  return visit.panel?.on === 'new' ? `${url}?${visit.panel.key}=new` : url;
}
