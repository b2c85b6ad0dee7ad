import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { makeChapter, makePayment } from '../../test/fixtures.js';
import { CERTIFICATE_PENDING, NO_BADGES, NO_EVENTS, NO_PROGRAMS, NO_RECEIPTS } from './home-cards.js';

let q: QueuedApp;
let db: QueuedApp['t']['db'];
beforeAll(async () => {
  q = await createQueuedApp({ PUBLIC_URL: 'https://members.example.org' });
  db = q.t.db;
});
afterAll(() => q.close());

let k = 0;
/** A signed-in account of a new chapter; `memberAt` null makes a pledge. */
async function member(opts: { memberAt?: Date | null; firstName?: string } = {}) {
  const n = ++k;
  const { chapterId, institutionId } = await makeChapter(
    db,
    [`Home University ${n}`, `HU${n}`],
    [`Home Chapter ${n}`, `HC${n}`],
  );
  const email = `home-${n}@example.edu`;
  const cookie = await q.t.signIn({ admin: false, email });
  const memberAt = opts.memberAt === undefined ? new Date('2026-03-14T12:00:00Z') : opts.memberAt;
  const { id } = await db
    .updateTable('accounts')
    .set({
      chapterId,
      institutionId,
      memberAt,
      pledgedAt: new Date('2026-03-01T12:00:00Z'),
      firstName: opts.firstName ?? `Max${n}`,
      lastName: 'Member',
    })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow();
  const name = `${opts.firstName ?? `Max${n}`} Member`;
  return { id, cookie, chapterId, email, name, chapter: `Home Chapter ${n}`, institution: `Home University ${n}` };
}

async function chapterEvent(chapterId: number, name: string) {
  const start = new Date(Date.now() + 5 * 86_400_000);
  await db
    .insertInto('calendarEvents')
    .values({ name, type: 'Chapter', chapterId, location: 'Student Union', eventStart: start, eventEnd: null })
    .execute();
}

/** The member home as `cookie` gets it: status, type, the HTML, and its text with the tags dropped. */
async function home(cookie: string) {
  const res = await q.request({ method: 'GET', url: '/member', cookie });
  const text = res.body
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  return { res, html: res.body, text };
}

describe('the member home (PUBLIC_URL/member)', () => {
  it("shows a member's status, certificate, receipts, badges, next events, programs and profile, with no script", async () => {
    const m = await member();
    await makePayment(db, m.id);
    await chapterEvent(m.chapterId, 'Leadership Summit');
    await db.insertInto('programs').values({ name: 'Home Lab', slug: 'home-lab', summary: null }).execute();
    const finish = await q.request({ method: 'POST', url: '/api/learn/program/home-lab/finish', cookie: m.cookie });
    expect(finish.statusCode, finish.body).toBe(200);

    const { res, html, text } = await home(m.cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<section class="hero" aria-label="Membership">');
    expect(text).toContain(`Welcome back ${m.name} Member`);
    expect(text).toContain('Member since Mar 14, 2026');
    expect(text).toContain(`Chapter ${m.chapter}`);
    expect(text).toContain(`Institution ${m.institution}`);

    const cert = (await q.request({ method: 'GET', url: '/api/member/certificate', cookie: m.cookie })).json();
    expect(text).toContain(`Certificate No. ${cert.number}`);
    expect(html).toContain(`href="https://members.example.org/verify/${cert.id}"`);
    expect(html).toContain('href="/api/member/certificate.pdf?size=letter" download');
    expect(html).toContain('href="/api/member/certificate.pdf?size=a4" download');

    const [receipt] = (await q.request({ method: 'GET', url: '/api/member/receipts', cookie: m.cookie })).json();
    expect(html).toContain(`href="/api/member/receipts/${receipt.id}.pdf"`);
    expect(html).toContain(`aria-label="Download Receipt ${receipt.number} (PDF)"`);
    expect(text).toContain('$95.00');

    const [badge] = (await q.request({ method: 'GET', url: '/api/member/badges', cookie: m.cookie })).json();
    expect(html).toContain(`href="${badge.url}.json"`);
    expect(html).toContain('aria-label="Download the Home Lab credential"');
    expect(text).toContain('Add to LinkedIn');
    expect(html).toContain('href="https://www.linkedin.com/profile/add?');

    expect(html).toContain('<article class="event" aria-label="Leadership Summit">');
    expect(html).toContain('href="/member/programs/home-lab"');
    expect(html).toContain('aria-label="Home Lab progress"');
    expect(text).toContain('Finished');
    expect(html).toMatch(/<section class="card" aria-label="Profile">.*href="\/member\/profile" class="more">Edit/);
    expect(text).toContain(m.email);
    for (const [href, name] of [
      ['/member', 'Home'],
      ['/member/events', 'Events'],
      ['/member/programs', 'Programs'],
      ['/member/profile', 'Profile'],
    ])
      expect(html).toMatch(new RegExp(`<a href="${href}"[^>]*>${name}</a>`));
    expect(html).not.toContain('Admin dashboard');
    expect(html).toMatch(/<form method="post" action="\/api\/auth\/logout" enctype="text\/plain">/);
  });

  it('tells a pledge the certificate comes with the membership; empty lists say so', async () => {
    const m = await member({ memberAt: null });
    const { text } = await home(m.cookie);
    expect(text).toContain('Pledged');
    expect(text).toContain('Pledged on Mar 1, 2026');
    expect(text).toContain(CERTIFICATE_PENDING);
    expect(text).not.toContain('Certificate No.');
    for (const empty of [NO_RECEIPTS, NO_BADGES, NO_EVENTS]) expect(text).toContain(empty);
    expect(NO_PROGRAMS).toBe('No programs yet');
  });

  it('sends a signed-out visitor (or a revoked session) to the sign-in and back', async () => {
    for (const cookie of ['', 'sid=not-a-session']) {
      const res = await q.request({ method: 'GET', url: '/member', cookie });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?redirect=%2Fmember');
    }
  });

  it('opens for staff too, as the app did, with their way back to the dashboard', async () => {
    const { res, html, text } = await home(q.cookie);
    expect(res.statusCode).toBe(200);
    expect(html).toContain('<a class="wide-only" href="/admin">Admin dashboard</a>');
    expect(text).toContain('Not a member yet');
    expect(text).toContain(CERTIFICATE_PENDING);
  });

  it("escapes what members wrote, and never shows another member's data", async () => {
    const evil = await member({ firstName: '<script>alert(1)</script>' });
    await makePayment(db, evil.id);
    await chapterEvent(evil.chapterId, '<img src=x onerror=alert(2)>');
    const other = await member();
    const { html } = await home(evil.cookie);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');

    const seen = await home(other.cookie);
    expect(seen.text).not.toContain('alert');
    expect(seen.text).not.toContain(evil.email);
    expect(seen.text).not.toContain(evil.chapter);
    expect(seen.text).toContain(NO_RECEIPTS);
  });

  it('signs out with the plain form: the session ends and the browser goes to /login', async () => {
    const m = await member();
    const res = await q.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookie: m.cookie,
      headers: { 'content-type': 'text/plain' },
      payload: '',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect((await q.request({ method: 'GET', url: '/member', cookie: m.cookie })).statusCode).toBe(302);
  });
});

describe('RSVP from the member home (plain forms)', () => {
  const post = (cookie: string, url: string) =>
    q.request({ method: 'POST', url, cookie, headers: { 'content-type': 'text/plain' }, payload: '' });
  const rsvps = (accountId: number) =>
    db.selectFrom('eventRsvps').select('eventId').where('accountId', '=', accountId).execute();

  it("RSVPs and withdraws with the app's words, and refuses a past event with the call's", async () => {
    const m = await member();
    await chapterEvent(m.chapterId, 'Home RSVP Night');
    const { uuid } = await db
      .selectFrom('calendarEvents')
      .select('uuid')
      .where('name', '=', 'Home RSVP Night')
      .executeTakeFirstOrThrow();
    const before = await home(m.cookie);
    expect(before.html).toContain(`action="/member/events/${uuid}/rsvp"`);
    const saved = await post(m.cookie, `/member/events/${uuid}/rsvp`);
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/member?rsvp=saved']);
    expect(await rsvps(m.id)).toHaveLength(1);
    const after = await q.request({ method: 'GET', url: '/member?rsvp=saved', cookie: m.cookie });
    expect(after.body).toContain('role="status">RSVP saved</p>');
    expect(after.body).toContain(`action="/member/events/${uuid}/withdraw"`);
    const withdrawn = await post(m.cookie, `/member/events/${uuid}/withdraw`);
    expect([withdrawn.statusCode, withdrawn.headers.location]).toEqual([303, '/member?rsvp=withdrawn']);
    expect(await rsvps(m.id)).toHaveLength(0);

    await db
      .updateTable('calendarEvents')
      .set({ eventStart: new Date(Date.now() - 3_600_000) })
      .where('uuid', '=', uuid)
      .execute();
    const late = await post(m.cookie, `/member/events/${uuid}/rsvp`);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('RSVP is closed for past events');
    expect(await rsvps(m.id)).toHaveLength(0);
    // Signed out: the sign-in page, nothing recorded.
    const anonymous = await q.request({
      method: 'POST',
      cookie: '',
      url: `/member/events/${uuid}/rsvp`,
      headers: { 'content-type': 'text/plain' },
      payload: '',
    });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login?redirect=%2Fmember']);
  });
});
