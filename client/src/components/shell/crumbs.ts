import { navItems } from './nav-items';

export type Crumb = { label: string; to?: string };

/** Words that read better than the path segment; anything else is humanised ('calendar-events' -> 'Calendar events'). */
const segmentLabels: Record<string, string> = {
  admin: 'Dashboard',
  accounts: 'Accounts',
  members: 'Members',
  pledges: 'Pledges',
  payments: 'Payments',
  institutions: 'Institutions',
  chapters: 'Chapters',
  calendar: 'Calendar',
  profile: 'Profile',
  tech: 'Tech',
  'emails-feedback': 'Blocked Emails',
  'emails-sent': 'Emails Sent',
  outbox: 'Outbox',
  logistics: 'Logistics',
  new: 'New',
  edit: 'Edit',
};

function humanise(segment: string): string {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Breadcrumbs for an admin path: one per segment, every one but the last a link. `named` holds the
 * labels pages gave their paths (useCrumbLabel), e.g. a program's own name for its slug.
 *
 * @example crumbsFor('/admin/chapters/12/edit')
 * // [{label:'Dashboard',to:'/admin'}, {label:'Chapters',to:'/admin/chapters'}, {label:'12',to:'/admin/chapters/12'}, {label:'Edit'}]
 */
export function crumbsFor(pathname: string, named: ReadonlyMap<string, string> = new Map()): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs = segments.map((segment, i) => {
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    const label =
      named.get(to) ??
      navItems.find((item) => item.to === to)?.label ??
      segmentLabels[segment] ??
      humanise(safeDecode(segment));
    return { label, to };
  });
  return crumbs.map((crumb, i) => (i === crumbs.length - 1 ? { label: crumb.label } : crumb));
}
