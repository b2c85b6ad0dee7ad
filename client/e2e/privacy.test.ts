import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ADMIN, SCREEN_MODES, SCREENSHOTS, inMode, overflows, startE2E, type E2E } from './harness.js';

/*
 * The Personal Data screen in the browser (issue 36): a person found by email shows every area's count, the
 * opt-out badge and the export and erase cards; the erasure's dry run lists the rows per table. Desktop and
 * phone, light and dark, with no sideways scroll; screenshots in client/e2e/screenshots/privacy-*.png.
 */

const EMAIL = 'casey.privacy@students.example';
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await e.db
    .insertInto('accounts')
    .values({
      firstName: 'Casey',
      lastName: 'Privacy',
      email: EMAIL,
      phone: '555-0142',
      address: JSON.stringify({}),
      directoryOptOut: true,
    } as never)
    .execute();
  await e.db
    .insertInto('blockedEmails')
    .values({ email: EMAIL, emailType: 'Invitation', reason: 'Unsubscribed', feedbackType: 'unsub' })
    .execute();
});
afterAll(() => e?.close());

const WAIT = { timeout: 15_000 };

describe('Personal Data screen', () => {
  it.each(SCREEN_MODES)('finds a person, previews an erasure, and fits the screen ($name)', async (mode) => {
    await inMode(e, mode, async (page) => {
      await page.goto(`${e.baseUrl}/login`);
      await page.locator('input[name=email]').fill(ADMIN.email);
      await page.locator('input[name=password]').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/admin'), WAIT);
      await page.goto(`${e.baseUrl}/admin/tech/privacy?email=${encodeURIComponent(EMAIL)}`);
      await page.getByRole('heading', { name: 'Casey Privacy' }).waitFor(WAIT);
      await expect.poll(() => page.getByText('Directory opt-out').count(), WAIT).toBe(1);
      const blocked = page.getByRole('row').filter({ hasText: 'Blocked emails' });
      expect(await blocked.getByRole('cell').nth(1).textContent()).toBe('1');
      await page.getByLabel('Reason').fill('Asked by email');
      await page.getByRole('button', { name: 'Preview changes' }).click();
      await page.getByText('The erasure would change:').waitFor(WAIT);
      // The dry run's table names the tables as words, beside the areas' table: two rows of blocked emails.
      expect(await page.getByRole('row').filter({ hasText: 'Blocked emails' }).count()).toBe(2);
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: path.join(SCREENSHOTS, `privacy-${mode.name}.png`), fullPage: true });
    });
  });
});
