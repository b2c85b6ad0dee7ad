import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ADMIN, SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';
import { seedAssessments } from '../../scripts/seed/assessments.js';

let e: E2E;
let assessmentId: number;
beforeAll(async () => {
  e = await startE2E();
  await seedAssessments(e.db);
  ({ id: assessmentId } = await e.db
    .selectFrom('assessments')
    .select('id')
    .where('title', '=', 'Leadership Style')
    .executeTakeFirstOrThrow());
  await signIn(e, '/admin/learning/assessments');
  await e.page.waitForURL((u) => u.pathname === '/admin/learning/assessments');
});
afterAll(() => e?.close());

const shot = (name: string) => e.page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });

describe('assessments in the browser', () => {
  it('adds an assessment from the list and lands on its details, then adds an outcome', async () => {
    const { page } = e;
    await page.getByRole('button', { name: 'Add Assessment' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add Assessment' });
    await sheet.getByRole('textbox', { name: /^Title/ }).fill('Communication Style');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/learning\/assessments\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Communication Style' }).count()).toBe(1);

    await page.getByRole('tab', { name: 'Outcomes' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('Outcomes');
    await page.getByRole('button', { name: 'Add Outcome' }).click();
    const outcome = page.getByRole('dialog', { name: 'Add Outcome' });
    await outcome.getByRole('textbox', { name: /^Title/ }).fill('Listener');
    await outcome.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Assessment outcomes saved successfully.').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('article', { name: 'Outcome Listener' }).count()).toBe(1);
  });

  it('edits a score and the tie-breaker in the score matrix, and finds them kept after a reload', async () => {
    const { page } = e;
    await page.goto(`${e.baseUrl}/admin/learning/assessments/${assessmentId}?tab=Score%20Matrix`);
    const matrix = page.getByRole('region', { name: 'Score matrix' });
    await matrix.waitFor();
    await shot('assessment-score-matrix.png');

    await page.getByRole('button', { name: 'Manage Scores' }).click();
    const cell = page.getByRole('textbox', { name: 'Score of "Describe what success will look like" for Organizer' });
    await cell.fill('7');
    await page.getByRole('combobox', { name: 'Tie-breaker question' }).click();
    await page.getByRole('option', { name: /^1\. A new project starts/ }).click();
    await page.getByRole('button', { name: 'Save Scores' }).click();
    await expect.poll(() => page.getByText('Assessment scores saved successfully.').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Manage Scores' }).count()).toBe(1);

    await page.reload();
    await matrix.waitFor();
    await expect
      .poll(() =>
        page
          .getByText(/Tie-breaker question:/)
          .locator('..')
          .textContent(),
      )
      .toContain('1. A new project starts');
    await page.getByRole('button', { name: 'Manage Scores' }).click();
    expect(
      await page
        .getByRole('textbox', { name: 'Score of "Describe what success will look like" for Organizer' })
        .inputValue(),
    ).toBe('7');
    // The row's other cells are as seeded.
    expect(
      await page
        .getByRole('textbox', { name: 'Score of "Describe what success will look like" for Visionary' })
        .inputValue(),
    ).toBe('3');
    await shot('assessment-score-matrix-saved.png');
  });
});

describe('assessments on a phone', () => {
  it('fits the matrix in edit mode and the question drawer on a 390 px screen', async () => {
    const context = await e.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    try {
      expect((await context.request.post(`${e.baseUrl}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
      const page = await context.newPage();
      const overflow = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
      await page.goto(`${e.baseUrl}/admin/learning/assessments/${assessmentId}?tab=Score%20Matrix`);
      await page.getByRole('button', { name: 'Manage Scores' }).click();
      await page.getByRole('button', { name: 'Save Scores' }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'assessment-score-matrix-phone.png'), fullPage: true });

      await page.getByRole('tab', { name: 'Questions' }).click();
      await page.getByRole('button', { name: 'Edit question 2' }).click();
      const drawer = page.getByRole('dialog', { name: 'Edit Question' });
      await drawer.getByRole('textbox', { name: 'Answer 3' }).waitFor();
      expect(await drawer.getByRole('textbox', { name: /^Answer \d$/ }).count()).toBe(3);
      // Full screen once it has slid in.
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'assessment-question-drawer-phone.png') });
    } finally {
      await context.close();
    }
  });
});
