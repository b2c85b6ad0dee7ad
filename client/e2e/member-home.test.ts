import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { freePort } from '../../server/src/test/free-port.js';
import { makeMember } from '../../server/src/test/accounts.js';
import { makePayment } from '../../server/src/test/fixtures.js';
import { SCREEN_MODES, SCREENSHOTS, inMode, overflows, startE2E, type E2E } from './harness.js';

const MEMBER = { email: 'e2e-home@example.edu', password: 'member-password-1' };

let e: E2E;
beforeAll(async () => {
  const port = await freePort();
  e = await startE2E({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const member = await makeMember(e.db, {
    institution: ['Lakeside State University', 'LSU'],
    chapter: ['Alpha Beta', 'AB'],
    lastName: 'Gonzalez',
    ...MEMBER,
  });
  const { chapterId } = member;
  await e.db
    .updateTable('chapters')
    .set({ invitationAdvisor1Name: 'Dr. Grace Hopper', invitationPresidentName: 'Ada Lovelace' })
    .where('id', '=', chapterId)
    .execute();
  await makePayment(e.db, member.id, { paidAt: new Date('2026-09-14T12:00:00Z') });
  const start = new Date(Date.now() + 5 * 86_400_000);
  await e.db
    .insertInto('calendarEvents')
    .values({
      name: 'Chapter induction ceremony',
      type: 'Chapter',
      chapterId,
      location: 'Student Union, Room 204',
      description: 'New members receive their cords and certificates.',
      eventStart: start,
      eventEnd: new Date(start.getTime() + 2 * 3_600_000),
    })
    .execute();
});
afterAll(() => e?.close());

describe('member home on a phone', () => {
  it('signs in to /member, downloads the receipt and the certificate, opens the verification page, signs out', async () => {
    await inMode(
      e,
      SCREEN_MODES.find((m) => m.name === 'phone-light')!,
      async (page) => {
        await page.goto(`${e.baseUrl}/member`);
        await page.waitForURL(/\/login/);
        await page.locator('input[name=email]').fill(MEMBER.email);
        await page.locator('input[name=password]').fill(MEMBER.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL((u) => u.pathname === '/member');
        await page.getByText('Certificate No. MC-').waitFor();
        expect(await overflows(page)).toBe(false);
        // The server paints the home: the document loads no script at all.
        expect(await page.locator('script').count()).toBe(0);
        const scripts = await page.evaluate(() =>
          performance.getEntriesByType('resource').filter((r) => /\.m?js(\?|$)/.test(r.name)),
        );
        expect(scripts).toEqual([]);

        const [receipt] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: /Download Receipt R-\d+ \(PDF\)/ }).click(),
        ]);
        expect(receipt.suggestedFilename()).toMatch(/^receipt-R-\d{6}\.pdf$/);
        const [certificate] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Letter PDF' }).click(),
        ]);
        expect(certificate.suggestedFilename()).toMatch(/^certificate-MC-\d{6}-letter\.pdf$/);

        const verify = await page.getByRole('link', { name: 'Anyone can verify it' }).getAttribute('href');
        expect(verify).toMatch(new RegExp(`^${e.baseUrl}/verify/[0-9a-f-]{36}$`));
        await page.goto(verify!);
        await page.getByText('This membership certificate is valid.').waitFor();
        expect(await page.getByText('Maria Gonzalez').isVisible()).toBe(true);
        expect(await overflows(page)).toBe(false);

        // Sign out is a plain form: the session ends, and /member asks to sign in again.
        await page.goto(`${e.baseUrl}/member`);
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(/\/login/);
        await page.goto(`${e.baseUrl}/member`);
        await page.waitForURL(/\/login\?redirect=%2Fmember/);
      },
    );
  });

  it('looks right in four modes (screenshots)', async () => {
    for (const mode of SCREEN_MODES) {
      await inMode(e, mode, async (page) => {
        await page.goto(`${e.baseUrl}/login`);
        await page.locator('input[name=email]').fill(MEMBER.email);
        await page.locator('input[name=password]').fill(MEMBER.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL((u) => u.pathname === '/member');
        await page.getByText('Certificate No. MC-').waitFor();
        await page.getByRole('article', { name: 'Chapter induction ceremony' }).waitFor();
        expect(await overflows(page)).toBe(false);
        await page.screenshot({ path: path.join(SCREENSHOTS, `member-home-${mode.name}.png`), fullPage: true });
        const id = (await page.getByRole('link', { name: 'Anyone can verify it' }).getAttribute('href'))!
          .split('/')
          .pop();
        await page.goto(`${e.baseUrl}/verify/${id}`);
        await page.getByText('This membership certificate is valid.').waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, `verify-${mode.name}.png`), fullPage: true });
      });
    }
  });
});
