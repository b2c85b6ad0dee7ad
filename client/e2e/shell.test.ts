import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await signIn(e, '/admin/profile');
  await e.page.waitForURL((u) => u.pathname === '/admin/profile');
});
afterAll(() => e?.close());

const navbar = () => e.page.locator('nav[aria-label="Main"]');

describe('admin shell', () => {
  it('collapses the sidebar with Ctrl+b and keeps it collapsed after a reload', async () => {
    await expect.poll(() => navbar().getAttribute('data-collapsed')).not.toBe('true');
    await e.page.locator('body').click();
    await e.page.keyboard.press('Control+b');
    await expect.poll(() => navbar().getAttribute('data-collapsed')).toBe('true');
    const cookie = (await e.page.context().cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 86400);

    await e.page.reload();
    await expect.poll(() => navbar().getAttribute('data-collapsed')).toBe('true');
    await e.page.screenshot({ path: path.join(SCREENSHOTS, 'shell-collapsed.png') });

    await e.page.keyboard.press('Control+b');
    await expect.poll(() => navbar().getAttribute('data-collapsed')).not.toBe('true');
  });

  it('asks before signing out, then ends the session', async () => {
    await e.page.getByRole('button', { name: 'Account menu' }).click();
    await e.page.getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = e.page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to sign out?');
    expect(await dialog.textContent()).toContain("You'll be redirected to the login page.");
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await e.page.getByRole('button', { name: 'Account menu' }).click();
    await e.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await e.page.getByRole('button', { name: 'Yes, sign out' }).click();
    await e.page.waitForURL((u) => u.pathname === '/login');
    await e.page.goto(`${e.baseUrl}/admin`);
    await e.page.waitForURL(/\/login\?redirect=/);
  });
});
