/**
 * The Lighthouse budgets of `npm run bench -- --only lighthouse` (scripts/bench/lighthouse.ts), one line per
 * route: the preset it is measured with, the least performance score, and the largest LCP. The public pages a
 * member opens from an email are measured as a phone sees them (issue 38 §5); the staff pages on the desktop
 * preset, as fast as the login page (issue 39 item 8). `$code`, `$certificate` are filled in from the bench's seed.
 */
export type Budget = {
  path: string;
  preset: 'mobile' | 'desktop';
  /** Who opens it: nobody signed in, the bench's admin, or the bench's member. */
  as: 'public' | 'admin' | 'member';
  minScore: number;
  maxLcpMs: number;
};

const publicPage = (path: string, as: Budget['as'] = 'public'): Budget => ({
  path,
  preset: 'mobile',
  as,
  minScore: 0.95,
  maxLcpMs: 2500,
});
const staffPage = (path: string): Budget => ({ path, preset: 'desktop', as: 'admin', minScore: 0.95, maxLcpMs: 1200 });

export const BUDGETS: Budget[] = [
  publicPage('/join/$code'),
  publicPage('/member', 'member'),
  publicPage('/verify/$certificate'),
  { path: '/login', preset: 'desktop', as: 'public', minScore: 0.95, maxLcpMs: 1200 },
  ...[
    '/admin/institutions',
    '/admin/chapters',
    '/admin/accounts',
    '/admin/accounts/members',
    '/admin/accounts/pledges',
    '/admin/accounts/payments',
    '/admin/logistics/invitations',
    '/admin/logistics/invitees',
    '/admin/logistics/postal-mails',
    '/admin/logistics/email-reminders',
    '/admin/logistics/stats-by-institution',
    '/admin/logistics/emails-scheduled-per-day',
    '/admin/learning/programs',
    '/admin/learning/quiz',
    '/admin/learning/survey',
    '/admin/learning/assessments',
    '/admin/tech/email-templates',
    '/admin/tech/emails-sent',
    '/admin/tech/emails-feedback',
    '/admin/tech/outbox',
    '/admin/tech/imports',
    '/admin/tech/api-keys',
    '/admin/tech/audit-log',
    '/admin/tech/roles',
    '/admin/tech/ai-template',
    '/admin/tech/ai-video-template',
  ].map(staffPage),
];

/** Script chunks a public page must not load: the admin application's heavy parts (by the chunk's source or name). */
export const ADMIN_ONLY_CODE =
  /@blocknote|@nivo|@fullcalendar|@hello-pangea|components\/shell\/admin-shell|rich-text-editor|body-editor|nivo-line|calendar-page/;
