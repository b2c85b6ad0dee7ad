import type { MemberBadge, MemberCertificate, MemberEvent, MemberProfile, MemberProgram, Receipt } from '@app/contract';
import { escapeHtml as escape, formatDay } from '../../html/public-page.js';
import { icon } from './home-icons.js';

// The member home's cards (issue 38 §1), as the app's React cards showed them: the same texts, links and
// accessible names. Every value from the database goes through `escape`.

export const CERTIFICATE_PENDING = 'Your certificate is ready as soon as your membership is complete.';
export const NO_BADGES = 'Finish a program to earn its Open Badge.';
export const NO_RECEIPTS = 'No payments yet';
export const NO_EVENTS = 'No upcoming events';
export const NO_PROGRAMS = 'No programs yet';

const day = (iso: string | null) => formatDay(iso) ?? '';

/** Cents as money: 9500, 'usd' -> '$95.00'; a code Intl does not know reads '95.00 XYZ'. */
export function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

// Events in UTC, said so: a page with no script does not know the reader's time zone.
const eventFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const tileFormat = (part: 'month' | 'day') =>
  new Intl.DateTimeFormat('en-US', { [part]: part === 'month' ? 'short' : 'numeric', timeZone: 'UTC' });
const [tileMonth, tileDay] = [tileFormat('month'), tileFormat('day')];

const link = (href: string, text: string, extra = '') => `<a href="${escape(href)}"${extra}>${text}</a>`;
const more = (href: string, label: string) => link(href, `${label}${icon('chevron', 14)}`, ' class="more"');
const dimmed = (text: string) => `<p class="dim">${text}</p>`;

/** One card: a titled region, an optional action on the title's right, the content. */
export const section = (title: string, content: string, { action = '', className = 'card' } = {}) =>
  `<section class="${className}" aria-label="${title}"><div class="card-head"><h2>${title}</h2>${action}</div>${content}</section>`;

const STATE = {
  member: { label: 'Member', className: 'member' },
  pledge: { label: 'Pledged', className: 'pledge' },
  none: { label: 'Not a member yet', className: 'none' },
} as const;

const fact = (name: Parameters<typeof icon>[0], label: string, value: string | null) =>
  `<div class="fact"><span class="fact-icon">${icon(name)}</span><div><p class="fact-label">${label}</p><p class="fact-value">${
    value ? escape(value) : '—'
  }</p></div></div>`;

/** The top of the home: who they are, their state, since when, chapter and institution. */
export function statusCard(profile: MemberProfile): string {
  const { status } = profile;
  const state = STATE[status.state];
  const member = status.state === 'member';
  const since = day(member ? status.memberSince : status.pledgedAt);
  return `<section class="hero" aria-label="Membership"><div class="hero-top"><div class="grow"><p class="hero-kicker">Welcome back</p><h1>${escape(
    `${profile.firstName} ${profile.lastName}`,
  )}</h1></div><span class="state ${state.className}">${state.label}</span></div><div class="facts">${fact(
    'calendar',
    member ? 'Member since' : 'Pledged on',
    since || null,
  )}${fact('users', 'Chapter', status.chapter)}${fact('bank', 'Institution', status.institution)}</div></section>`;
}

/** The certificate: its number, the PDF on US Letter or A4, and the public page its QR code opens. */
export function certificateCard(certificate: MemberCertificate | undefined): string {
  const content = certificate
    ? `<div class="line"><span class="seal">${icon('certificate', 26, 1.6)}</span><div class="grow"><p class="strong">Certificate No. ${escape(
        certificate.number,
      )}</p>${link(certificate.verifyUrl, `${icon('shield', 16)}Anyone can verify it`, ' target="_blank" rel="noopener" class="small"')}</div></div>
<div class="buttons"><a class="button" href="/api/member/certificate.pdf?size=letter" download>${icon('download', 16)}Letter PDF</a><a class="button light" href="/api/member/certificate.pdf?size=a4" download>${icon('download', 16)}A4 PDF</a></div>`
    : dimmed(CERTIFICATE_PENDING);
  return section('Membership certificate', content, { className: 'card certificate' });
}

function badgeRow(b: MemberBadge): string {
  const actions = b.revoked
    ? ''
    : `<div class="buttons small">${link(b.linkedInUrl, `${icon('linkedin', 14)}Add to LinkedIn`, ' class="button light" target="_blank" rel="noopener"')}${link(
        `${b.url}.json`,
        `${icon('download', 14)}Credential`,
        ` class="button default" download="badge-${escape(b.id)}.json" aria-label="Download the ${escape(b.name)} credential"`,
      )}</div>`;
  return `<div class="row"><div class="line"><span class="award">${icon('award', 28, 1.5)}</span><div class="grow"><p class="line tight">${link(
    b.url,
    escape(b.name),
    ' target="_blank" rel="noopener" class="strong small truncate"',
  )}${b.revoked ? '<span class="tag red">Revoked</span>' : ''}</p><p class="dim xs">Open Badge · ${day(b.issuedAt)}</p></div></div>${actions}</div>`;
}

/** The member's Open Badges: one per completed program, to add to LinkedIn or download as a credential. */
export const badgesCard = (badges: MemberBadge[]) =>
  section('Badges', badges.length ? `<div>${badges.map(badgeRow).join('')}</div>` : dimmed(NO_BADGES));

function receiptRow(r: Receipt): string {
  const credit = r.kind === 'credit_note';
  const label = `${credit ? 'Credit note' : 'Receipt'} ${r.number}`;
  return `<div class="row line spread"><div class="line grow"><span class="dim">${icon('receipt', 20, 1.5)}</span><div class="grow"><p class="line tight"><span class="strong small truncate">${escape(
    r.number,
  )}</span>${credit ? '<span class="tag orange">Credit note</span>' : ''}</p><p class="dim xs">${day(r.issuedAt)}</p></div></div>
<div class="line"><span class="strong small amount">${credit ? '−' : ''}${escape(money(r.amountCents, r.currency))}</span>${link(
    r.pdfUrl,
    icon('download', 18),
    ` class="icon-button" download aria-label="Download ${escape(label)} (PDF)"`,
  )}</div></div>`;
}

/** Every payment's receipt and every refund's credit note, newest first, each a PDF. */
export const receiptsCard = (receipts: Receipt[]) =>
  section('Receipts', receipts.length ? `<div>${receipts.map(receiptRow).join('')}</div>` : dimmed(NO_RECEIPTS));

/** The name the certificate shows and the email, with the way to the profile page. */
export const profileCard = (p: MemberProfile) =>
  section(
    'Profile',
    `<div class="line"><span class="dim">${icon('user', 36, 1.3)}</span><div class="grow"><p class="strong truncate">${escape(
      p.certificateName ?? `${p.firstName} ${p.lastName}`,
    )}</p><p class="dim small truncate">${escape(p.email)}</p></div></div>`,
    { action: more('/member/profile', 'Edit') },
  );

function eventCard(e: MemberEvent): string {
  const start = new Date(e.eventStart);
  const when = e.eventEnd ? eventFormat.formatRange(start, new Date(e.eventEnd)) : eventFormat.format(start);
  const lines = [
    `${icon('clock', 16)}<span>${escape(when)}</span>`,
    e.location && `${icon('pin', 16)}<span>${escape(e.location)}</span>`,
    e.chapter && `${icon('school', 16)}<span>${escape(e.chapter.name)}</span>`,
  ].filter(Boolean);
  return `<article class="event" aria-label="${escape(e.name)}"><div class="tile" aria-hidden="true"><span>${tileMonth.format(start)}</span><b>${tileDay.format(
    start,
  )}</b></div><div class="grow"><p class="line tight"><span class="tag ${e.type.toLowerCase()}">${escape(e.type)}</span>${
    e.zoom ? '<span class="tag blue">Zoom</span>' : ''
  }${e.hasRsvp ? `<span class="tag green">${icon('check', 12)}Going</span>` : ''}</p><h3>${escape(e.name)}</h3>${lines
    .map((l) => `<p class="icon-line">${l}</p>`)
    .join(
      '',
    )}${e.description ? `<p class="dim small clamp">${escape(e.description)}</p>` : ''}${rsvpForm(e)}</div></article>`;
}

/** The event's RSVP action, as the app's card has it: a plain form posted to the home (home-page.ts answers it). */
function rsvpForm(e: MemberEvent): string {
  const form = (step: 'rsvp' | 'withdraw', label: string, quiet = false) =>
    `<form class="rsvp" method="post" action="/member/events/${encodeURIComponent(e.uuid)}/${step}" enctype="text/plain"><button type="submit"${
      quiet ? ' class="quiet"' : ''
    }>${label}</button></form>`;
  if (e.hasRsvp) return form('withdraw', 'Withdraw RSVP', true);
  return e.canRsvp ? form('rsvp', 'RSVP') : '';
}

/** The next two events the member may see (their chapter's, general and learning ones). */
export const eventsCard = (events: MemberEvent[]) =>
  section('Next events', events.length ? events.map(eventCard).join('') : dimmed(NO_EVENTS), {
    action: more('/member/events', 'All events'),
  });

function programRow(p: MemberProgram): string {
  const percent = Math.round(p.progress.percent);
  return `<div class="program"><div class="line spread">${link(
    `/member/programs/${encodeURIComponent(p.slug)}`,
    escape(p.name),
    ' class="strong small truncate"',
  )}${p.progress.finishedAt ? '<span class="tag teal">Finished</span>' : `<span class="dim xs">${percent}%</span>`}</div>
<div class="progress" role="progressbar" aria-label="${escape(p.name)} progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${percent}"><span style="width:${percent}%"></span></div></div>`;
}

/** The member's first three programs with their progress (the learner view has them all). */
export const programsCard = (programs: MemberProgram[]) =>
  section('My programs', programs.length ? programs.slice(0, 3).map(programRow).join('') : dimmed(NO_PROGRAMS), {
    action: more('/member/programs', 'All programs'),
  });
