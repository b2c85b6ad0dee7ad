import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('sign-in', () => {
  it('sends a signed-out visitor to /login and back to the page they asked for', async () => {
    await e.page.goto(`${e.baseUrl}/admin/profile?tab=1`);
    await e.page.waitForURL(/\/login\?redirect=/);
    const login = new URL(e.page.url());
    expect(login.searchParams.get('redirect')).toBe('/admin/profile?tab=1');

    await e.page.locator('input[name=email]').fill('e2e-admin@example.com');
    await e.page.locator('input[name=password]').fill('wrong-password');
    await e.page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => e.page.getByRole('alert').textContent()).toContain('Invalid email or password');

    await signIn(e, '/admin/profile?tab=1');
    await e.page.waitForURL((u) => u.pathname === '/admin/profile');
    expect(new URL(e.page.url()).search).toBe('?tab=1');
    await e.page.screenshot({ path: path.join(SCREENSHOTS, 'profile.png') });
  });
});
