import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';
import { seedDemo } from '../../scripts/seed/demo.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ jobs: true });
  await seedDemo(e.db);
  await signIn(e, '/admin/tech/email-templates');
  await e.page.waitForURL((u) => u.pathname === '/admin/tech/email-templates');
});
afterAll(() => e?.close());

describe('email templates in the browser', () => {
  it('edits a template, sees the preview follow, sends a test email and finds it in the outbox', async () => {
    const { page } = e;
    await page.getByRole('link', { name: 'Edit Fall invitation' }).click();
    await page.waitForURL(/\/admin\/tech\/email-templates\/\d+\/edit/);

    // The preview is rendered by the server from the unsaved form, with sample token values.
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await subject.fill('Ready, {{firstName}}? A seat is waiting');
    await expect
      .poll(() => page.getByTestId('preview-subject').textContent(), { timeout: 15_000 })
      .toMatch(/^Ready, \S+\? A seat is waiting$/);
    expect(await page.getByTestId('preview-subject').textContent()).not.toContain('{{');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/tech/email-templates');
    await expect.poll(() => page.getByText('Email saved successfully.').count()).toBeGreaterThan(0);

    // A test send to an invitee's values, delivered by the job queue to the local outbox.
    await page.getByRole('button', { name: 'Send Test Email: Fall invitation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
    await dialog.getByRole('textbox', { name: 'Invitee' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('tester@example.org');
    await dialog.getByRole('button', { name: 'Send Test Email' }).click();
    await expect.poll(() => page.getByText('Test email sent successfully.').count()).toBeGreaterThan(0);

    // Delivery is the queue's work and may finish after the page loads: each look reloads the list.
    const row = page.getByRole('row', { name: /tester@example\.org/ });
    await expect
      .poll(
        async () => {
          await page.goto(`${e.baseUrl}/admin/tech/outbox`);
          await page.waitForLoadState('networkidle');
          return row.count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    expect(await row.textContent()).toMatch(/Ready, (Avery|Jordan|Riley|Casey|Sam)\? A seat is waiting/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'email-test-send-outbox.png') });
  });
});
