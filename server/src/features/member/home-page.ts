import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MemberEvent, MemberProgram } from '@app/contract';
import type { Db } from '../../db/database.js';
import { escapeHtml as escape, logoMark, pageRefusal, sendPage, widePage } from '../../html/public-page.js';
import { memberCertificate } from '../../services/certificates/certificates.js';
import { accountReceipts } from '../../services/receipts/receipts.js';
import { memberBadges } from './badge-view.js';
import { certificateView, memberReceiptUrl, receiptView } from './documents.js';
import {
  badgesCard,
  certificateCard,
  eventsCard,
  profileCard,
  programsCard,
  receiptsCard,
  statusCard,
} from './home-cards.js';
import { icon } from './home-icons.js';
import { HOME_STYLE } from './home-style.js';
import { memberProfile } from './profile.js';

/*
 * PUBLIC_URL/member, the member home (issue 38 §1), rendered here as plain HTML and CSS with no script, so that
 * it paints at once on a phone (issue 38 §5) instead of loading the app first. Its data comes from the functions
 * the member API answers with (profile, receipts, certificate, badges), and the next events and programs from
 * the calendar and learner areas, which the app hands in (`HomeSources`), since a feature imports no other.
 * Any signed-in account may open it (staff too, as in the app); anyone else goes to the sign-in and back.
 * The rest of the member area (events, programs, profile) stays in the app; the links between them are plain.
 */

export const MEMBER_PRODUCT_NAME = 'Honor Society';
export const SIGN_OUT = 'Sign out';

/** What the home shows from other areas: the next events the member may see, their programs with progress. */
export type HomeSources = {
  nextEvents(db: Db, accountId: number, count: number): Promise<MemberEvent[]>;
  programs(db: Db, accountId: number): Promise<MemberProgram[]>;
  /** The account's RSVP to an event (`going`) or its withdrawal; an AppError when refused. */
  rsvp(db: Db, accountId: number, uuid: string, going: boolean): Promise<unknown>;
};

/** What the home says after an RSVP form, as the app's notifications do. */
export const RSVP_NOTICES = { saved: 'RSVP saved', withdrawn: 'RSVP withdrawn' } as const;

type Account = NonNullable<FastifyRequest['account']>;

/** The header: the brand back home, the member area's links (staff also back to /admin), the name, sign-out. */
function header(account: Account): string {
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  const links = [
    // As in the app, the way back to /admin is left off on a phone.
    account.admin ? '<a class="wide-only" href="/admin">Admin dashboard</a>' : '',
    '<a href="/member" aria-current="page">Home</a>',
    '<a href="/member/events">Events</a>',
    '<a href="/member/programs">Programs</a>',
    '<a href="/member/profile">Profile</a>',
  ].join('');
  // The sign-out the API answers for a form: an empty text/plain POST (form bodies are refused everywhere).
  const signOut = `<form method="post" action="/api/auth/logout" enctype="text/plain"><button type="submit">${icon('logout', 14)}${SIGN_OUT}</button></form>`;
  return `<a class="brand" href="/member" aria-label="${MEMBER_PRODUCT_NAME} home">${logoMark(30)}<span>${MEMBER_PRODUCT_NAME}</span></a>
<nav class="nav" aria-label="Member area"><span class="links">${links}</span><span class="who" data-testid="member-name">${escape(name)}</span>${signOut}</nav>`;
}

/** The home's body for the account: every card, with what each needs read at once. */
export async function homeBody(app: FastifyInstance, sources: HomeSources, accountId: number): Promise<string> {
  const { db } = app;
  const [profile, receipts, badges, events, programs] = await Promise.all([
    memberProfile(db, accountId),
    accountReceipts(db, accountId),
    memberBadges(app, accountId),
    sources.nextEvents(db, accountId, 2),
    sources.programs(db, accountId),
  ]);
  // Only a member has a certificate (issued on first ask, as the API does).
  const certificate = profile.status.state === 'member' ? await memberCertificate(db, accountId) : undefined;
  return `${statusCard(profile)}<div class="cols"><div class="stack">${certificateCard(
    certificate && certificateView(app, certificate),
  )}${badgesCard(badges)}${receiptsCard(receipts.map((r) => receiptView(r, memberReceiptUrl(r))))}${profileCard(
    profile,
  )}</div><div class="stack">${eventsCard(events)}${programsCard(programs)}</div></div>`;
}

type Notice = { text: string; refused?: boolean };

async function sendHome(
  app: FastifyInstance,
  sources: HomeSources,
  request: FastifyRequest,
  reply: FastifyReply,
  notice?: Notice,
  status = 200,
) {
  const account = request.account;
  if (!account) return reply.redirect(`/login?redirect=${encodeURIComponent('/member')}`);
  const said = notice
    ? `<p class="notice${notice.refused ? ' refused' : ''}" role="${notice.refused ? 'alert' : 'status'}">${escape(notice.text)}</p>`
    : '';
  const body = said + (await homeBody(app, sources, account.id));
  // Its sign-out and RSVP forms post back to this site (sendPage's `forms`).
  return sendPage(reply, widePage('Member home', { header: header(account), body, style: HOME_STYLE }), {
    status,
    cache: 'private, no-store',
    forms: true,
  });
}

export async function registerMemberHome(app: FastifyInstance, sources: HomeSources): Promise<void> {
  const options = { schema: { hide: true } as never, config: { readsSession: true } };
  app.get<{ Querystring: { rsvp?: unknown } }>('/member', options, async (request, reply) => {
    const said = request.query.rsvp;
    const notice = said === 'saved' || said === 'withdrawn' ? { text: RSVP_NOTICES[said] } : undefined;
    return sendHome(app, sources, request, reply, notice);
  });
  // An event card's RSVP or withdrawal (an empty text/plain form): back to the home saying so (303), or the home
  // with the refusal in the call's words and status.
  for (const step of ['rsvp', 'withdraw'] as const) {
    app.post<{ Params: { uuid: string } }>(`/member/events/:uuid/${step}`, options, async (request, reply) => {
      if (!request.account) return sendHome(app, sources, request, reply);
      try {
        await sources.rsvp(app.db, request.account.id, request.params.uuid, step === 'rsvp');
      } catch (err) {
        const { status, message } = pageRefusal(err);
        return sendHome(app, sources, request, reply, { text: message, refused: true }, status);
      }
      return reply.redirect(`/member?rsvp=${step === 'rsvp' ? 'saved' : 'withdrawn'}`, 303);
    });
  }
}
