import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_CHECK_EMAIL, JOIN_LOOKUP_FAILED, JOIN_SIGN_IN_TO_ACCEPT } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { joinSignature } from '../../services/join/join-link.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';
import { recordingJobs } from '../../test/mail-fixtures.js';
import { makeAccount } from '../../test/accounts.js';
import { escapeHtml } from '../../html/public-page.js';
import { BAD_LINK_NOTICE, JOIN_TEXTS } from './landing-action.js';

// Issue 38 §5: the join landing page is painted by the server, its steps are plain forms (what the SPA's page did).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://members.example.org' });
  t.app.jobs = recordingJobs();
});
afterAll(() => t.close());

const SHORT = 'Password should be at least 8 chars';
const page = async (code: string, extra = '') =>
  `/join/${code}?signature=${encodeURIComponent(await joinSignature(t.db, code))}${extra}`;
const open = async (code: string, extra = '') => t.request({ method: 'GET', url: await page(code, extra) });
const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
const pledgedAt = (code: string) =>
  t.db
    .selectFrom('invitees')
    .select('legacyPledgeAt')
    .where('invitationCode', '=', code)
    .executeTakeFirstOrThrow()
    .then((r) => r.legacyPledgeAt);
/** The page's text with tags and entities as a reader sees them, in one line. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the join landing page, painted by the server', () => {
  it('shows the letter, the facts and the one action as HTML with no script', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-HTML01', email: 'html1@example.edu', firstName: 'Ada' }] });
    const res = await open('JN-HTML01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(/<script/i);
    const text = textOf(res.body);
    for (const words of [
      'Dear Ada,',
      'Your invitation to the Join Chapter',
      'Membership fee $95.00 (one time)',
      'Invitation code JN-HTML01',
      'Dr. Maya Chen Dean of Students Student Life',
      'Sam Okafor Chapter President',
      'The best decision of my first year.',
    ])
      expect(text).toContain(words);
    // "Accept the invitation" opens the password form with a plain GET of the page.
    expect(res.body).toMatch(
      /<form method="get" action="\/join\/JN-HTML01">.*name="step" value="accept".*Accept the invitation<\/button>/,
    );
    const accepting = await open('JN-HTML01', '&step=accept');
    expect(accepting.body).toContain(`<label for="password">${JOIN_TEXTS.passwordLabel}</label>`);
    expect(accepting.body).toContain(JOIN_TEXTS.confirmAccept);
  });

  it("refuses a short password with the contract's words on the field, and pledges nothing", async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-HTML02', email: 'html2@example.edu' }] });
    const res = await form(await page('JN-HTML02'), { step: 'pledge', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`<span class="field-error" id="password-error">${SHORT}</span>`);
    expect(res.body).toContain('aria-invalid="true"');
    expect(await pledgedAt('JN-HTML02')).toBeNull();
  });

  it('pledges with a password, signs in and shows the pledge (303 back to the page)', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-HTML03', email: 'html3@example.edu' }] });
    const url = await page('JN-HTML03');
    const res = await form(url, { step: 'pledge', password: 'lakeside-otter-42' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(url);
    expect(res.cookies.some((c) => c.name === 'sid')).toBe(true);
    expect(await pledgedAt('JN-HTML03')).toBeInstanceOf(Date);
    const after = textOf((await open('JN-HTML03')).body);
    expect(after).toContain(JOIN_TEXTS.pledged);
    // No Stripe key in this app: the page says so instead of offering to pay.
    expect(after).toContain(JOIN_TEXTS.notSetUp);
    // Back from Checkout while the payment is being applied: the page refreshes itself.
    const back = await open('JN-HTML03', '&paid=1');
    expect(back.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(textOf(back.body)).toContain(JOIN_TEXTS.confirming);
    // Paying before Stripe is set up is refused with the contract's words.
    const pay = await form(url, { step: 'pay' });
    expect([pay.statusCode, textOf(pay.body)]).toEqual([409, expect.stringContaining('Payment is not set up yet')]);
  });

  it("an existing account without a password: says the set-password email went; a staff account's: sign in first", async () => {
    await makeAccount(t.db, { firstName: 'Ex', lastName: 'Isting', email: 'html4@example.edu', admin: false });
    await makeAccount(t.db, { firstName: 'St', lastName: 'Aff', email: 'html5@example.edu', admin: true });
    await seedJoinInvitation(t.db, {
      invitees: [
        { code: 'JN-HTML04', email: 'html4@example.edu' },
        { code: 'JN-HTML05', email: 'html5@example.edu' },
      ],
    });
    const emailed = await form(await page('JN-HTML04'), { step: 'pledge', password: 'blue-otter-42' });
    expect(emailed.statusCode).toBe(200);
    expect(textOf(emailed.body)).toContain(JOIN_CHECK_EMAIL);
    expect(textOf(emailed.body)).not.toContain(JOIN_TEXTS.pledged);
    const staff = await form(await page('JN-HTML05'), { step: 'pledge', password: 'blue-otter-42' });
    expect(staff.statusCode).toBe(409);
    expect(staff.body).toContain(JOIN_SIGN_IN_TO_ACCEPT);
    expect(staff.body).toContain(escapeHtml(`/login?redirect=${encodeURIComponent(await page('JN-HTML05'))}`));
    expect(staff.cookies.some((c) => c.name === 'sid')).toBe(false);
  });

  it('says what happened to an expired or removed invitation, and a member where to go next', async () => {
    await seedJoinInvitation(t.db, { deadlineDays: -1, invitees: [{ code: 'JN-HTML06', email: 'html6@example.edu' }] });
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-HTML07', email: 'html7@example.edu', removed: true }] });
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-HTML08', email: 'html8@example.edu' }] });
    expect(textOf((await open('JN-HTML06')).body)).toContain(JOIN_TEXTS.expired);
    expect(textOf((await open('JN-HTML07')).body)).toContain(JOIN_TEXTS.removed);
    // Paid through Record Payment before pledging: no password yet, so "Forgot password?" rather than the member area.
    await t.db
      .updateTable('invitees')
      .set({ legacyPaidAt: new Date() })
      .where('invitationCode', '=', 'JN-HTML08')
      .execute();
    const member = (await open('JN-HTML08')).body;
    expect(textOf(member)).toContain(JOIN_TEXTS.member);
    expect(member).toContain(`<a class="button" href="/login?forgot=1">${JOIN_TEXTS.setPassword}</a>`);
  });

  it('without a valid signature: the lookup form (with the notice for a bad link), which opens the signed page', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-HTML09', email: 'html9@example.edu' }] });
    const bare = await t.request({ method: 'GET', url: '/join/JN-HTML09' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('value="JN-HTML09"');
    expect(bare.body).not.toContain(BAD_LINK_NOTICE);
    const bad = await t.request({ method: 'GET', url: '/join/JN-HTML09?signature=forged' });
    expect([bad.statusCode, bad.body.includes(BAD_LINK_NOTICE)]).toEqual([403, true]);
    expect(bad.body).not.toContain('Dear ');
    const wrong = await form('/join/JN-HTML09', {
      step: 'lookup',
      invitationCode: 'JN-HTML09',
      email: 'x@example.edu',
    });
    expect([wrong.statusCode, wrong.body.includes(JOIN_LOOKUP_FAILED)]).toEqual([404, true]);
    const right = await form('/join/JN-HTML09', {
      step: 'lookup',
      invitationCode: 'jn-html09',
      email: 'HTML9@example.edu',
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(await page('JN-HTML09'));
  });

  it("escapes what the invitation holds, and refuses another site's form", async () => {
    await seedJoinInvitation(t.db, {
      invitees: [{ code: 'JN-HTML10', email: 'html10@example.edu', firstName: '<img src=x onerror=alert(1)>' }],
    });
    const res = await open('JN-HTML10');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('Dear &lt;img src=x onerror=alert(1)&gt;,');
    const cross = await form(
      await page('JN-HTML10'),
      { step: 'pledge', password: 'blue-otter-42' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(cross.statusCode).toBe(403);
    expect(await pledgedAt('JN-HTML10')).toBeNull();
    // Form bodies stay refused on every other call.
    const elsewhere = await form('/api/auth/login', { email: 'a@example.edu', password: 'x' });
    expect(elsewhere.statusCode).toBe(415);
  });
});
