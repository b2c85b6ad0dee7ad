import type { JoinInvitation } from '@app/contract';
import { documentHead, escapeHtml as escape, logoMark } from '../../html/public-page.js';

/*
 * The join landing page's markup (issue 38 §5): the page a student opens from the invitation email, painted by the
 * server as plain HTML and CSS, with forms that work with no script. The look is the app's (Mantine's indigo
 * theme: the masthead band, a card with the facts and the one action, the letter beside it), phone first, light or
 * dark as the device prefers.
 */

const STYLE = `
:root{color-scheme:light dark;--bg:#f8f9fa;--card:#fff;--text:#212529;--dim:#495057;--border:#dee2e6;--primary:#4263eb;--primary-hover:#3b5bdb;
--field:#fff;--error:#c92a2a;--ok:#2b8a3e;--ok-bg:#ebfbee;--note:#e67700;--note-bg:#fff9db;--muted-bg:#f1f3f5;--link:#3b5bdb;--quote:#edf2ff}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--card:#25262b;--text:#c1c2c5;--dim:#a6a7ab;--border:#373a40;--primary:#3b5bdb;--primary-hover:#364fc7;
--field:#2c2e33;--error:#ff8787;--ok:#8ce99a;--ok-bg:rgba(47,158,68,.15);--note:#ffd43b;--note-bg:rgba(250,176,5,.12);--muted-bg:#2c2e33;--link:#91a7ff;--quote:rgba(76,110,245,.12)}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font-family:system-ui,sans-serif;
font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased}
.wrap{max-width:1140px;margin:0 auto;padding:0 16px}
.mast{background:linear-gradient(135deg,#364fc7,#4c6ef5);color:#fff;padding:24px 0}
.mast .wrap{display:flex;align-items:center;gap:16px}
.logo{flex:none;width:64px;height:64px;border-radius:8px;background:#fff;object-fit:contain}
.mast p{margin:0;font-size:14px;opacity:.92}
.mast h1{margin:2px 0 0;font-size:24px;line-height:1.2;font-weight:700;overflow-wrap:anywhere}
.page{display:grid;gap:16px;padding-top:16px;padding-bottom:32px}
.card{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:20px;min-width:0}
.action{box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}
.narrow{max-width:480px;margin:0 auto;width:100%}
h2{margin:0 0 12px;font-size:20px;line-height:1.3;overflow-wrap:anywhere}
dl{margin:0;display:grid;gap:6px}
.fact{display:flex;justify-content:space-between;gap:16px;font-size:14px}
dt{color:var(--dim);white-space:nowrap}dd{margin:0;font-weight:700;text-align:right}
hr{border:0;border-top:1px solid var(--border);margin:16px 0}
p{margin:0 0 16px}
.letter p{line-height:1.7}.letter>:last-child{margin-bottom:0}.letter .dear{font-size:20px;font-weight:700}
.signers{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:20px;margin:0 0 16px}
.signer img{display:block;height:44px;width:auto;max-width:100%;object-fit:contain}
.signer b{display:block}.signer span{display:block;font-size:14px;color:var(--dim)}
blockquote{margin:0 0 16px;padding:16px 20px;border-left:4px solid #4c6ef5;border-radius:8px;background:var(--quote)}
blockquote p{margin:0}blockquote cite{display:block;margin-top:8px;font-size:14px;color:var(--dim)}
.scla{display:block;width:100%;height:auto;border-radius:8px}
form{display:grid;gap:14px;margin:0}
label{font-size:14px;font-weight:700;display:block}
.hint{display:block;color:var(--dim);font-size:14px;margin-top:2px}
input{width:100%;height:42px;padding:0 12px;margin-top:4px;font:inherit;color:var(--text);background:var(--field);border:1px solid var(--border);border-radius:8px}
input:focus{outline:2px solid var(--primary);outline-offset:-1px}
input[aria-invalid=true]{border-color:var(--error);color:var(--error)}
.field-error{display:block;color:var(--error);font-size:14px;margin-top:4px}
.button{display:block;width:100%;min-height:42px;padding:9px 18px;font:inherit;font-weight:700;line-height:1.3;text-align:center;color:#fff;
background:var(--primary);border:0;border-radius:8px;cursor:pointer;text-decoration:none}
.button:hover{background:var(--primary-hover)}.button:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
.button.big{min-height:52px}
.alert{display:flex;gap:10px;padding:12px 14px;border-radius:8px;margin:0;font-size:14px}
.alert svg{flex:none;margin-top:1px}.alert b{display:block;margin-bottom:2px}
.alert.ok{background:var(--ok-bg);color:var(--ok)}.alert.note{background:var(--note-bg);color:var(--text)}
.alert.error{background:color-mix(in srgb,var(--error) 12%,transparent);color:var(--text)}.alert.error svg{color:var(--error)}
.alert.gray{background:var(--muted-bg);color:var(--text)}
.stack{display:grid;gap:14px}
a{color:var(--link)}
@media (min-width:48em){.mast{padding:40px 0}.mast h1{font-size:32px}.card{padding:24px}.letter{padding:32px}}
@media (min-width:62em){.page{grid-template-columns:7fr 5fr;gap:32px;padding-top:32px;padding-bottom:48px;align-items:start}
.page>.action{grid-column:2;grid-row:1;position:sticky;top:16px}.page>.letter{grid-column:1;grid-row:1}.page>.narrow{grid-column:1/-1}}`;

const ICONS = {
  check: '<circle cx="12" cy="12" r="9"/><path d="M9 12l2 2 4-4"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 3"/>',
  warning:
    '<path d="M12 9v4m0 4h.01M10.24 3.96L2.39 18a2 2 0 0 0 1.76 3h15.7a2 2 0 0 0 1.76-3L13.76 3.96a2 2 0 0 0-3.52 0z"/>',
};

/** An alert: a status (ok, gray) or an alert (error, note) with its icon, an optional bold title, and HTML content. */
export function alertBox(kind: 'ok' | 'gray' | 'error' | 'note', content: string, title?: string): string {
  const icon = kind === 'ok' ? ICONS.check : kind === 'gray' ? ICONS.clock : ICONS.warning;
  const role = kind === 'ok' || kind === 'gray' ? 'status' : 'alert';
  return `<div class="alert ${kind}" role="${role}"><svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true">${icon}</svg><div>${
    title ? `<b>${escape(title)}</b>` : ''
  }${content}</div></div>`;
}

/** The whole page: `<title>`, the masthead (institution and chapter when known), then `main`. */
export function landingDocument(
  head: { title: string; refreshSeconds?: number },
  join: Pick<JoinInvitation, 'institution' | 'chapter'> | undefined,
  main: string,
): string {
  const logoUrl = join?.institution.logoUrl ?? join?.chapter.logoUrl;
  const label = join ? `${join.institution.name} logo` : 'Logo';
  const logo = logoUrl
    ? `<img class="logo" src="${escape(logoUrl)}" width="64" height="64" alt="${escape(label)}">`
    : logoMark(64, label, 'logo');
  const refresh = head.refreshSeconds ? `<meta http-equiv="refresh" content="${head.refreshSeconds}">` : '';
  return `${documentHead(head.title, STYLE, refresh)}
<body><header class="mast"><div class="wrap">${logo}<div><p>${escape(join?.institution.name ?? 'Honor Society')}</p><h1>${
    join ? `Your invitation to the ${escape(join.chapter.name)}` : 'Your invitation'
  }</h1></div></div></header>
<main class="wrap page">${main}</main></body></html>`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 'Friday, December 18, 2026' for a calendar day 'YYYY-MM-DD'. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** '$95.00': the fee in the invitation's currency. */
export const formatFee = (j: Pick<JoinInvitation, 'feeCents' | 'currency'>) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: j.currency.toUpperCase() }).format(j.feeCents / 100);

/** The action card's head: the invitee's name and the invitation's facts. */
export function factsHtml(join: JoinInvitation): string {
  const fact = (label: string, value: string) => `<div class="fact"><dt>${label}</dt><dd>${escape(value)}</dd></div>`;
  return `<h2>${escape(`${join.firstName} ${join.lastName}`)}</h2><dl>${[
    fact('Accept by', formatDay(join.deadline)),
    fact('Orientation', formatDay(join.orientationDate)),
    fact('Membership fee', `${formatFee(join)} (one time)`),
    fact('Invitation code', join.invitationCode),
  ].join('')}</dl><hr>`;
}

/** The advisor's letter: the invitation in the chapter's words, signed by its leaders, and a member's testimonial. */
export function letterHtml(join: JoinInvitation): string {
  const signers = [...join.advisors, ...(join.president ? [join.president] : [])];
  const signer = (p: JoinInvitation['advisors'][number]) =>
    `<div class="signer">${
      p.signatureUrl ? `<img src="${escape(p.signatureUrl)}" alt="Signature of ${escape(p.name)}" height="44">` : ''
    }<b>${escape(p.name)}</b>${[p.title, p.department]
      .filter((t): t is string => Boolean(t))
      .map((t) => `<span>${escape(t)}</span>`)
      .join('')}</div>`;
  const { testimonial } = join;
  const cite = testimonial ? [testimonial.name, testimonial.title].filter(Boolean).join(', ') : '';
  return `<article class="card letter">
<p class="dear">Dear ${escape(join.firstName)},</p>
<p>On behalf of the ${escape(join.chapter.name)} at ${escape(join.institution.name)}, it is our pleasure to invite you to join our honor society. This invitation is extended to a select group of students whose achievements and potential for leadership stand out on campus.</p>
<p>Membership connects you with a community of leaders, a program of leadership development, and recognition that stays with you for life. We would be proud to welcome you at orientation.</p>
${signers.length ? `<div class="signers">${signers.map(signer).join('')}</div>` : ''}${
    testimonial
      ? `<blockquote><p>${escape(testimonial.text)}</p>${cite ? `<cite>${escape(cite)}</cite>` : ''}</blockquote>`
      : ''
  }${
    join.sclaPageImageUrl
      ? `<img class="scla" src="${escape(join.sclaPageImageUrl)}" alt="${escape(join.chapter.name)} at a glance" loading="lazy">`
      : ''
  }</article>`;
}
