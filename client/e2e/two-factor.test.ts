import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { hashPassword } from '../../server/src/services/auth/passwords.js';
import { codeFor } from '../../server/src/test/two-factor-fixtures.js';
import { ADMIN, SCREENSHOTS, SCREEN_MODES, inMode, overflows, signIn, startE2E, type E2E } from './harness.js';

// One browser for the file; REQUIRE_STAFF_2FA on, so the first sign-in leads into the set-up.
let e: E2E;
beforeAll(async () => {
  e = await startE2E({ env: { REQUIRE_STAFF_2FA: 'true' } });
});
afterAll(() => e?.close());

const shot = (name: string, page = e.page) => page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
const pathname = () => new URL(e.page.url()).pathname;

let secret = '';
let recoveryCodes: string[] = [];
let helpdeskSecret = '';

describe('two-factor sign-in in the browser', () => {
  it('leads staff into the set-up at sign-in: QR code, key, confirming code, recovery codes shown once', async () => {
    const { page } = e;
    await signIn(e, '/admin/institutions');
    await page.waitForURL((u) => u.pathname === '/admin/profile');
    await expect.poll(() => page.getByText('Required for staff').count()).toBe(1);
    // Nothing else opens until it is set up.
    await page.goto(`${e.baseUrl}/admin/institutions`);
    await page.waitForURL((u) => u.pathname === '/admin/profile');

    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect.poll(() => qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot('two-factor-setup.png');

    const code = page.getByLabel('2. Enter the 6-digit code the app shows');
    await code.fill(codeFor(secret, 7));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByText('Invalid code').count()).toBe(1);
    await code.fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(10);
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    await shot('two-factor-recovery-codes.png');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByText('10 recovery codes left', { exact: false }).count()).toBe(1);

    await page.goto(`${e.baseUrl}/admin/institutions`);
    await page.waitForURL((u) => u.pathname === '/admin/institutions');
  });

  it('asks for the code after the password: a wrong code, then the right one', async () => {
    const { page } = e;
    await page.goto(`${e.baseUrl}/api/auth/logout`);
    await signIn(e, '/admin/chapters');
    const code = page.locator('input[name=code]');
    await code.waitFor();
    expect(pathname()).toBe('/login');
    await code.fill(codeFor(secret, 9));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid code');
    await shot('two-factor-wrong-code.png');
    await code.fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/chapters');
  });

  it('takes a recovery code once', async () => {
    const { page } = e;
    const withRecoveryCode = async (value: string) => {
      await page.goto(`${e.baseUrl}/api/auth/logout`);
      await signIn(e, '/admin');
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(value);
      await page.getByRole('button', { name: 'Verify' }).click();
    };
    await withRecoveryCode(recoveryCodes[0]!);
    await page.waitForURL((u) => u.pathname === '/admin');
    await withRecoveryCode(recoveryCodes[0]!);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid code');
    expect(pathname()).toBe('/login');
  });

  it('makes new recovery codes on the profile, confirmed with the password; the old ones stop working', async () => {
    const { page } = e;
    await page.goto(`${e.baseUrl}/api/auth/logout`);
    await signIn(e, '/admin/profile');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/profile');
    await expect.poll(() => page.getByText('8 recovery codes left', { exact: false }).count()).toBe(1);
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await page.getByRole('button', { name: 'Use your password instead' }).click();
    await page.getByLabel('Your password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Make new codes' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(10);
    const fresh = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    await expect.poll(() => page.getByText('Your earlier codes no longer work.', { exact: false }).count()).toBe(1);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByText('10 recovery codes left', { exact: false }).count()).toBe(1);
  });

  it("lets another staff member reset it on the account's Edit panel", async () => {
    const helpdesk = { email: 'helpdesk@example.com', password: 'helpdesk-pass-7' };
    await e.db
      .insertInto('accounts')
      .values({
        firstName: 'Help',
        lastName: 'Desk',
        email: helpdesk.email,
        passwordHash: await hashPassword(helpdesk.password),
        admin: true,
        active: true,
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
        address: '{}',
      })
      .execute();
    const context = await e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      // The helpdesk account sets up its own second factor first (REQUIRE_STAFF_2FA), through the API.
      expect((await context.request.post(`${e.baseUrl}/api/auth/login`, { data: helpdesk })).status()).toBe(200);
      const setup = await (await context.request.post(`${e.baseUrl}/api/admin/profile/two-factor/setup`)).json();
      helpdeskSecret = setup.secret;
      expect(
        (
          await context.request.post(`${e.baseUrl}/api/admin/profile/two-factor/confirm`, {
            data: { code: codeFor(setup.secret) },
          })
        ).status(),
      ).toBe(200);

      const page = await context.newPage();
      const admin = await e.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', ADMIN.email)
        .executeTakeFirstOrThrow();
      await page.goto(`${e.baseUrl}/admin/accounts?edit=${admin.id}`);
      const drawer = page.getByRole('dialog', { name: 'Edit Account' });
      await drawer.getByText('Two-factor sign-in is on.').waitFor();
      await shot('two-factor-reset-panel.png', page);
      await drawer.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
      await page
        .getByRole('dialog', { name: 'Reset two-factor sign-in' })
        .getByRole('button', { name: 'Reset' })
        .click();
      await expect.poll(() => page.getByText('Two-factor sign-in reset.').count()).toBeGreaterThan(0);
      await expect.poll(() => drawer.getByText('Two-factor sign-in is on.').count()).toBe(0);
    } finally {
      await context.close();
    }
    const row = await e.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('action', '=', 'two-factor-reset')
      .executeTakeFirstOrThrow();
    expect(row.entityId).not.toBeNull();
    // Its next sign-in leads into the set-up again.
    await e.page.goto(`${e.baseUrl}/api/auth/logout`);
    await signIn(e, '/admin');
    await e.page.waitForURL((u) => u.pathname === '/admin/profile');
  });

  it('looks right on desktop and phone, light and dark: the code entry and the set-up', async () => {
    for (const mode of SCREEN_MODES) {
      await inMode(e, mode, async (page) => {
        // The set-up: ADMIN has no factor since the reset.
        await page.goto(`${e.baseUrl}/login`);
        await page.locator('input[name=email]').fill(ADMIN.email);
        await page.locator('input[name=password]').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL((u) => u.pathname === '/admin/profile');
        await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
        await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
        expect(await overflows(page), `${mode.name} set-up`).toBe(false);
        await shot(`two-factor-setup-${mode.name}.png`, page);
      });
      // The code step, through a second browser's eyes: a staff member with a factor (helpdesk).
      await inMode(e, mode, async (login) => {
        await login.goto(`${e.baseUrl}/login`);
        await login.locator('input[name=email]').fill('helpdesk@example.com');
        await login.locator('input[name=password]').fill('helpdesk-pass-7');
        await login.getByRole('button', { name: 'Sign in' }).click();
        await login.locator('input[name=code]').fill(codeFor(helpdeskSecret, 9));
        await login.getByRole('button', { name: 'Verify' }).click();
        await expect.poll(() => login.getByRole('alert').textContent()).toBe('Invalid code');
        expect(await overflows(login), `${mode.name} code step`).toBe(false);
        await shot(`two-factor-code-${mode.name}.png`, login);
      });
    }
  });
});
