import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, SCREEN_MODES, inMode, overflows, signIn, startE2E, type E2E } from './harness.js';

let e: E2E;
let institutionId = 0;
beforeAll(async () => {
  e = await startE2E();
  // Made without a signed-in actor: only the rename through the screen below is audited.
  ({ id: institutionId } = await e.db
    .insertInto('institutions')
    .values({
      name: 'Harbor Point College',
      abbreviation: 'HPC',
      type: 'College/University',
      ownership: 'Private',
      address: JSON.stringify({
        street1: '1 Harbor Road',
        street2: null,
        city: 'Portland',
        state: 'ME',
        postalCode: '04101',
        country: 'US',
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow());
  await signIn(e, '/admin/institutions');
  await e.page.waitForURL((u) => u.pathname === '/admin/institutions');
});
afterAll(() => e?.close());

// The screens load their chunks and data on a machine other work shares: wait as long as the page's own default.
const WAIT = { timeout: 15_000 };

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const auditRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

describe('audit trail in the browser', () => {
  it("records a rename made on the screen: the audit log lists it (search and filters) and the institution's History shows old and new", async () => {
    const { page } = e;
    await page.goto(`${e.baseUrl}/admin/institutions?edit=${institutionId}`);
    const drawer = page.getByRole('dialog');
    await expect.poll(() => history(page).getByText('No recorded changes yet.').count(), WAIT).toBe(1);
    await drawer.getByLabel('Name').fill('Harbor Point University');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Institution saved successfully.').count(), WAIT).toBeGreaterThan(0);

    await page.goto(`${e.baseUrl}/admin/institutions?edit=${institutionId}`);
    const entry = history(page).getByTestId('history-entry');
    await expect.poll(() => entry.count(), WAIT).toBe(1);
    expect(await entry.getByText('update', { exact: true }).count()).toBe(1);
    expect(await entry.getByText(/ by Admin User$/).count()).toBe(1);
    expect(await entry.getByText(/^Name:/).textContent()).toBe('Name: Harbor Point College → Harbor Point University');
    expect(await entry.locator('code').count(), 'only the name changed: its old and new value').toBe(2);
    // The History card is in the form's flow, before the sticky Cancel / Save bar (not under it).
    const historyBeforeSave = await page.evaluate(() => {
      const card = document.querySelector('section[aria-labelledby^="history-"]');
      const save = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save');
      return !!card && !!save && !!(card.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(historyBeforeSave).toBe(true);

    // The log: the rename next to the sign-in the form wrote.
    await page.goto(`${e.baseUrl}/admin/tech/audit-log`);
    // The record by its screen's name and its own name, linked to its screen.
    const rename = auditRows(page).filter({ hasText: 'Institution: Harbor Point University' });
    await expect.poll(() => rename.count(), WAIT).toBe(1);
    expect(await rename.getByText('update', { exact: true }).count()).toBe(1);
    expect(await rename.getByText('Admin User').count()).toBe(1);
    expect(await rename.getByText(/^Name:/).textContent()).toBe('Name: Harbor Point College → Harbor Point University');
    expect(await rename.getByRole('link', { name: 'Institution: Harbor Point University' }).getAttribute('href')).toBe(
      `/admin/institutions?edit=${institutionId}`,
    );
    expect(await auditRows(page).count()).toBe(2);
    expect(await auditRows(page).filter({ hasText: 'sign-in' }).count()).toBe(1);

    await page.getByRole('combobox', { name: 'Action' }).click();
    // Every action the server writes is offered, not only create … password-reset (issue 40 deviation 3).
    for (const action of ['two-factor-on', 'two-factor-off', 'two-factor-reset', 'recovery-codes-replaced'])
      expect(await page.getByRole('option', { name: action, exact: true }).count(), action).toBe(1);
    await page.getByRole('option', { name: 'sign-in', exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('action'), WAIT).toBe('sign-in');
    await expect.poll(() => auditRows(page).count(), WAIT).toBe(1);
    expect(await auditRows(page).filter({ hasText: 'sign-in' }).count()).toBe(1);

    await page.goto(`${e.baseUrl}/admin/tech/audit-log`);
    await expect.poll(() => auditRows(page).count(), WAIT).toBe(2);
    await page.getByRole('combobox', { name: 'Entity' }).click();
    await page.getByRole('option', { name: 'Institution', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(String(institutionId));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('entity'), WAIT).toBe('institutions');
    expect(new URL(page.url()).searchParams.get('search')).toBe(String(institutionId));
    await expect.poll(() => auditRows(page).count(), WAIT).toBe(1);
    expect(await rename.count()).toBe(1);
  });

  it('looks right on desktop and phone, light and dark: the audit log and a History panel', async () => {
    const cookies = await e.page.context().cookies();
    for (const mode of SCREEN_MODES) {
      await inMode(e, mode, async (page) => {
        await page.context().addCookies(cookies);
        await page.goto(`${e.baseUrl}/admin/tech/audit-log`);
        await expect.poll(() => auditRows(page).filter({ hasText: 'update' }).count(), WAIT).toBe(1);
        expect(await overflows(page), `${mode.name} audit log`).toBe(false);
        await shot(page, `audit-log-${mode.name}.png`);
        await page.goto(`${e.baseUrl}/admin/institutions?edit=${institutionId}`);
        await expect.poll(() => history(page).getByTestId('history-entry').count(), WAIT).toBe(1);
        await history(page).scrollIntoViewIfNeeded();
        expect(await overflows(page), `${mode.name} history`).toBe(false);
        await history(page).screenshot({ path: path.join(SCREENSHOTS, `audit-history-${mode.name}.png`) });
      });
    }
  });
});
