import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../server/src/test/free-port.js';
import { startFakeStripe } from '../../server/src/test/fake-stripe.js';
import { seedJoinInvitation } from '../../server/src/test/join-fixtures.js';
import { makeTemplateVersion } from '../../server/src/test/mail-fixtures.js';
import { startTestSmtp, type ReceivedMail } from '../../server/src/test/smtp.js';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

// Issue 23's whole funnel: a reminder over SMTP -> the join link -> accept with a password -> pay on a
// Stripe-compatible Checkout -> member -> welcome email, and the admin figures that count it.
const SECRET = 'whsec_e2e_join_funnel';
const STUDENT = { code: 'JN-E2E001', email: 'ada.student@lakeside.example', firstName: 'Ada' };
const OTHER = { code: 'JN-E2E002', email: 'ben.student@lakeside.example', firstName: 'Ben' };

let e: E2E;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let invitationId: number;
beforeAll(async () => {
  smtp = await startTestSmtp();
  // The app's address is fixed before it starts: its links (PUBLIC_URL) and the webhook the fake Stripe calls.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  stripe = await startFakeStripe({ webhook: { url: `${baseUrl}/api/public/payments/stripe/webhook`, secret: SECRET } });
  e = await startE2E({
    jobs: true,
    port,
    env: {
      PUBLIC_URL: baseUrl,
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_e2e_funnel',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  ({ invitationId } = await seedJoinInvitation(e.db, { invitees: [STUDENT, OTHER] }));
  await makeTemplateVersion(e.db, {
    name: 'Lakeside join call',
    templateType: 'Invitation',
    bodyFormat: 'html',
    subject: 'Your invitation, {{firstName}}',
    body: '<p>Dear {{firstName}},</p><p><a href="{{joinUrl}}">Accept your invitation</a></p>',
  });
  await makeTemplateVersion(e.db, {
    name: 'Welcome',
    templateType: 'WelcomeEmail',
    bodyFormat: 'html',
    subject: 'Welcome to the society, {{firstName}}',
    body: '<p>Welcome, {{firstName}}: you are a member.</p>',
  });
});
afterAll(async () => {
  await e?.close();
  await stripe?.close();
  await smtp?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const mailTo = (address: string, subject: RegExp) =>
  smtp.messages.find((m) => m.to.includes(address) && subject.test(m.headers.subject ?? ''));
/** The href of the link whose text is `text` in a received message's HTML. */
function linkIn(mail: ReceivedMail, text: string): string {
  const anchors = [...mail.html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)];
  const href = anchors.find((a) => a[2]!.replace(/<[^>]+>/g, '').trim() === text)?.[1];
  if (!href) throw new Error(`no "${text}" link in the message`);
  return href.replaceAll('&amp;', '&');
}
/** What does not fit a phone: the page scrolling sideways, or a button or link whose text is cut off. */
const misfits = (page: Page) =>
  page.evaluate(() => [
    ...(document.documentElement.scrollWidth > window.innerWidth + 1 ? ['the page scrolls sideways'] : []),
    ...[...document.querySelectorAll('button, a')]
      .filter((b) => [b, ...b.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1))
      .map((b) => `cut off: ${b.textContent}`),
  ]);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `join-${name}.png`), fullPage: true });

/** A signed-out visitor's tab (the student's own browser). */
async function visitor(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe('the join funnel in the browser', () => {
  it('walks a reminder email to a paid member with a welcome email, and the admin figures count the join', async () => {
    const started = Date.now();
    // Staff send a reminder for this hour (saved for the current hour, it starts at once).
    await signIn(e, `/admin/logistics/invitations/${invitationId}`);
    await e.page.waitForURL((u) => u.pathname === `/admin/logistics/invitations/${invitationId}`);
    const template = await e.db
      .selectFrom('emailTemplates')
      .select('id')
      .where('name', '=', 'Lakeside join call')
      .executeTakeFirstOrThrow();
    const added = await e.page.request.post(`${e.baseUrl}/api/admin/logistics/invitations/${invitationId}/emails`, {
      data: { templateId: template.id, sendScheduledAt: new Date().toISOString() },
    });
    expect(added.status(), await added.text()).toBe(201);

    // The message arrives at the SMTP sink; its link is the student's signed join link (through click tracking).
    await expect.poll(() => mailTo(STUDENT.email, /^Your invitation, Ada$/), { timeout: 20_000 }).toBeTruthy();
    const invitation = mailTo(STUDENT.email, /^Your invitation, Ada$/)!;
    // The reminder went to every invitee of the invitation, each with their own link.
    await expect.poll(() => mailTo(OTHER.email, /^Your invitation, Ben$/)).toBeTruthy();
    const link = linkIn(invitation, 'Accept your invitation');
    expect(link.startsWith(e.baseUrl)).toBe(true);
    const target = new URL(link).searchParams.get('u') ?? link;
    expect(target).toMatch(new RegExp(`^${e.baseUrl}/join/${STUDENT.code}\\?signature=[\\w-]+$`));

    // The student opens it, desktop and phone.
    const student = await visitor(e.browser, DESKTOP);
    const phone = await visitor(e.browser, PHONE);
    await student.goto(link);
    await student.waitForURL((u) => u.pathname === `/join/${STUDENT.code}`);
    const joinUrl = student.url();
    const accept = student.getByRole('button', { name: 'Accept the invitation' });
    await accept.waitFor();
    expect(await student.getByText('Dear Ada,').count()).toBe(1);
    expect(await student.getByText('$95.00 (one time)').count()).toBe(1);
    await phone.goto(joinUrl);
    await phone.getByRole('button', { name: 'Accept the invitation' }).waitFor();
    expect(await misfits(phone), 'phone: invited').toEqual([]);
    await shot(student, 'invited-desktop');
    await shot(phone, 'invited-phone');

    // Accept: a password makes the account and signs the student in.
    await accept.click();
    const password = student.getByLabel('Choose a password');
    await password.fill('short');
    await student.getByRole('button', { name: 'Accept and create my account' }).click();
    await expect.poll(() => student.getByText('Password should be at least 8 chars').count()).toBe(1);
    await phone.getByRole('button', { name: 'Accept the invitation' }).click();
    await phone.getByLabel('Choose a password').waitFor();
    expect(await misfits(phone), 'phone: password').toEqual([]);
    await shot(phone, 'password-phone');
    await password.fill('lakeside-otter-42');
    await shot(student, 'password-desktop');
    await student.getByRole('button', { name: 'Accept and create my account' }).click();
    await student.getByText('You have accepted the invitation.').waitFor();
    const pay = student.getByRole('button', { name: 'Pay $95.00 and complete membership' });
    await pay.waitFor();
    await phone.reload();
    await phone.getByRole('button', { name: 'Pay $95.00 and complete membership' }).waitFor();
    expect(await misfits(phone), 'phone: pledged').toEqual([]);
    await shot(student, 'pledged-desktop');
    await shot(phone, 'pledged-phone');

    // Pay on the (fake) Stripe Checkout: it delivers the signed webhook, then sends the browser back.
    await pay.click();
    await student.waitForURL((u) => u.href.startsWith(`${stripe.url}/pay/`));
    expect(await student.getByText('$95.00').count()).toBe(1);
    expect(await student.getByText(STUDENT.email).count()).toBe(1);
    await shot(student, 'checkout-desktop');
    await student.getByRole('button', { name: 'Pay' }).click();
    await student.waitForURL((u) => u.pathname === `/join/${STUDENT.code}` && u.searchParams.get('paid') === '1');
    await student.getByText('Welcome: you are a member. A welcome email is on its way.').waitFor();
    await phone.reload();
    await phone.getByText('Welcome: you are a member. A welcome email is on its way.').waitFor();
    expect(await misfits(phone), 'phone: member').toEqual([]);
    await shot(student, 'member-desktop');
    await shot(phone, 'member-phone');
    expect(stripe.paid.size).toBe(1);

    // The welcome email arrives, once.
    await expect.poll(() => mailTo(STUDENT.email, /^Welcome to the society, Ada$/), { timeout: 20_000 }).toBeTruthy();
    expect(mailTo(STUDENT.email, /^Welcome to the society, Ada$/)!.html).toContain('Welcome, Ada: you are a member.');
    expect(smtp.messages.filter((m) => /^Welcome/.test(m.headers.subject ?? ''))).toHaveLength(1);
    // The account works at once: the member area opens without a sign-in.
    await student.getByRole('link', { name: 'Go to the member area' }).click();
    await student.waitForURL((u) => u.pathname.startsWith('/member'));
    await student.context().close();
    await phone.context().close();

    // The admin screens count the join.
    const { page } = e;
    await page.goto(`${e.baseUrl}/admin`);
    const memberships = page.getByRole('region', { name: 'Memberships', exact: true });
    const week = memberships.getByRole('region', { name: /^Last 7 days/ });
    await expect.poll(() => week.getByTestId('count').textContent()).toBe('1');
    await shot(page, 'admin-dashboard');

    await page.goto(`${e.baseUrl}/admin/logistics/invitations/${invitationId}`);
    const joined = page.getByText('Joined', { exact: true }).locator('xpath=..');
    await expect.poll(() => joined.textContent()).toMatch(/^Joined1RR 50%$/);
    expect(await page.getByText('Revenue', { exact: true }).locator('xpath=..').textContent()).toMatch(/^Revenue\$95/);

    await page.goto(`${e.baseUrl}/admin/logistics`);
    const response = page.getByRole('region', { name: 'Response Rate' });
    await expect.poll(() => response.locator('dt:text-is("Revenue") + dd').textContent()).toBe('$95');

    await page.goto(`${e.baseUrl}/admin/accounts/members`);
    const row = page.getByRole('row', { name: new RegExp(STUDENT.email) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText(STUDENT.code).count()).toBe(1);
    expect(await page.getByRole('row', { name: new RegExp(OTHER.email) }).count()).toBe(0);
    await shot(page, 'admin-members');
    console.log(`join funnel walked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
