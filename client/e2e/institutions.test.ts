import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await signIn(e, '/admin/institutions');
  await e.page.waitForURL((u) => u.pathname === '/admin/institutions');
});
afterAll(() => e?.close());

const url = () => new URL(e.page.url());
const pick = async (label: string, option: string) => {
  await e.page.getByRole('dialog').getByLabel(label, { exact: false }).first().click();
  await e.page.getByRole('option', { name: option, exact: true }).click();
};

describe('institutions', () => {
  it('creates, edits, filters to nothing, sorts and pages, with the URL holding the state', async () => {
    const { page } = e;
    await page.getByRole('button', { name: 'Add Institution' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('Add Institution').count()).toBeGreaterThan(0);

    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawer.getByText('Name is required').count()).toBe(1);
    expect(await drawer.getByText('Abbreviation is required').count()).toBe(1);

    await drawer.getByLabel('Name').fill('Zephyr State University');
    await drawer.getByLabel('Abbreviation').fill('ZSU');
    await pick('Type', 'College/University');
    await pick('Ownership', 'Public');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'institution-form.png') });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Institution saved successfully.').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Open Zephyr State University' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Open Zephyr State University' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Edit Institution').count()).toBeGreaterThan(0);
    expect(url().searchParams.get('edit')).toMatch(/^\d+$/);
    await page.getByRole('dialog').getByLabel('Name').fill('Zephyr State University at Dawn');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Open Zephyr State University at Dawn' }).count()).toBe(1);

    await page
      .getByRole('searchbox')
      .or(page.getByPlaceholder('Search name or abbreviation'))
      .first()
      .fill('no-such-school-anywhere');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByText('No results found').count()).toBe(1);
    expect(url().searchParams.get('search')).toBe('no-such-school-anywhere');

    // Enough rows for three pages.
    await e.db
      .insertInto('institutions')
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          name: `Aurora College ${String(i + 1).padStart(2, '0')}`,
          abbreviation: `AC${i + 1}`,
          type: 'College/University',
          ownership: 'Private',
          address: '{}',
        })),
      )
      .execute();
    await page.goto(`${e.baseUrl}/admin/institutions`);
    await expect.poll(() => page.getByText('Page 1 of 3').count()).toBe(1);

    await page.getByRole('columnheader', { name: /Name/ }).getByRole('button').click();
    await expect.poll(() => url().searchParams.get('sort')).toBe('name:asc');
    await page.getByRole('columnheader', { name: /Name/ }).getByRole('button').click();
    await expect.poll(() => url().searchParams.get('sort')).toBe('name:desc');
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /^Open / })
          .first()
          .locator('p')
          .textContent(),
      )
      .toBe('Zephyr State University at Dawn');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => url().searchParams.get('page')).toBe('2');
    await expect.poll(() => page.getByText('Page 2 of 3').count()).toBe(1);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => url().searchParams.get('page')).toBe('3');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'institutions-list.png') });

    await page.reload();
    await expect.poll(() => page.getByText('Page 3 of 3').count()).toBe(1);
    expect(url().searchParams.get('sort')).toBe('name:desc');
  });
});
