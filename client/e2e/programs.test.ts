import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { seedPrograms } from '../../scripts/seed/programs.js';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await seedPrograms(e.db);
  await signIn(e, '/admin/learning/programs/leadership-foundations');
  await e.page.waitForURL((u) => u.pathname === '/admin/learning/programs/leadership-foundations');
});
afterAll(() => e?.close());

const shot = (name: string) => e.page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });

/** The component slugs of the first section, in the order shown. */
async function firstSectionOrder(): Promise<string[]> {
  const section = e.page.locator('[data-testid^="section-"]').first();
  const ids = await section
    .locator('[data-testid^="component-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!));
  return ids.map((id) => id.replace(/^component-/, ''));
}

describe('program syllabus in the browser', () => {
  it('drags a component to a new place with the keyboard, saves it on drop, and keeps it after a reload', async () => {
    const { page } = e;
    await expect.poll(() => page.getByText('Welcome to the Society').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await firstSectionOrder()).slice(0, 3)).toEqual(['welcome', 'demo-lesson', 'personality-assessment']);

    // The library's keyboard dragging: Space lifts, arrows move, Space drops.
    const handle = page.getByLabel('Drag Welcome to the Society');
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(250);
    await page.keyboard.press('Space');

    await expect.poll(() => page.getByText('Component order updated').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await firstSectionOrder()).slice(0, 3)).toEqual(['demo-lesson', 'personality-assessment', 'welcome']);
    await shot('program-syllabus-reordered.png');

    await page.reload();
    await expect.poll(() => page.getByText('Welcome to the Society').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await firstSectionOrder()).slice(0, 3)).toEqual(['demo-lesson', 'personality-assessment', 'welcome']);
    const rows = await e.db
      .selectFrom('programComponents')
      .select(['slug', 'index'])
      .where('slug', 'in', ['demo-lesson', 'personality-assessment', 'welcome'])
      .orderBy('index')
      .execute();
    expect(rows).toEqual([
      { slug: 'demo-lesson', index: 0 },
      { slug: 'personality-assessment', index: 1 },
      { slug: 'welcome', index: 2 },
    ]);
  });

  it('opens the component dialog from the grouped menu', async () => {
    const { page } = e;
    await page.getByRole('button', { name: 'Add Program Component' }).first().click();
    // The menu is taller than the window: it scrolls inside itself and the page stays put.
    const item = page.getByRole('menuitem', { name: /Calendar Event/ });
    await item.waitFor();
    const scrollY = await page.evaluate(() => window.scrollY);
    await shot('program-add-component-menu.png');
    await item.click();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    const dialog = page.getByRole('dialog', { name: 'Add Calendar Event' });
    await expect.poll(() => dialog.getByText('Calendar Event: event to join').count()).toBe(1);
    await dialog.getByRole('switch', { name: /Async curriculum fallback/ }).check({ force: true });
    await expect.poll(() => dialog.getByText('Fallback component').count()).toBeGreaterThan(0);
    await shot('program-component-dialog.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
