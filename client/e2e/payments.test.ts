import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../scripts/seed/demo.js';
import { ADMIN, SCREENSHOTS, SCREEN_MODES, inMode, overflows, startE2E, type E2E } from './harness.js';

/*
 * Issue 40's payments screens in the four modes (desktop and phone, light and dark), on the demo seed with one
 * payment to review: the list stacked on a phone (amounts and Apply / Refund inside the screen), the Record Payment
 * drawer (Paid on, 'Amount is required', the partial-amount question) and an invitation's Revenue leading to its
 * payments. Screenshots in client/e2e/screenshots/payments/<mode>/.
 */

let e: E2E;
let invitationId: number;

beforeAll(async () => {
  e = await startE2E();
  await seedDemo(e.db, 12);
  const stripe = await e.db
    .selectFrom('payments')
    .select(['id', 'inviteeId'])
    .where('method', '=', 'stripe')
    .where('refundedCents', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await e.db
    .updateTable('payments')
    .set({ reviewState: 'pending', reviewReason: 'Not a Checkout Session this product created' })
    .where('id', '=', stripe.id)
    .execute();
  const invitee = await e.db
    .selectFrom('invitees')
    .select('invitationId')
    .where('id', '=', stripe.inviteeId!)
    .executeTakeFirstOrThrow();
  invitationId = invitee.invitationId;
}, 120_000);
afterAll(() => e?.close());

/** Nothing of `locator`'s first match lies right of the window (clipped, to be swiped to). */
async function insideWindow(page: Page, selector: string) {
  const width = page.viewportSize()!.width;
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  expect(boxes.length).toBeGreaterThan(0);
  for (const right of boxes) expect(right).toBeLessThanOrEqual(width);
}

describe('payments screens in four modes', () => {
  for (const mode of SCREEN_MODES) {
    it(`${mode.name}: the list, the review buttons, Record Payment and an invitation's revenue`, async () => {
      const dir = path.join(SCREENSHOTS, 'payments', mode.name);
      await mkdir(dir, { recursive: true });
      await inMode(e, mode, async (page) => {
        const shot = (name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
        // A drawer or dialog as it stands once its opening transition is over, in the window.
        const shotDialog = async (name: string) => {
          await page.waitForTimeout(500);
          await page.screenshot({ path: path.join(dir, `${name}.png`) });
        };
        expect((await page.request.post(`${e.baseUrl}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

        // The list: every amount and button inside the window, no sideways scrolling.
        await page.goto(`${e.baseUrl}/admin/accounts/payments`);
        await page.getByText('Fee waived').first().waitFor();
        await shot('list');
        await insideWindow(page, 'tbody tr td:first-child, tbody tr td:last-child');
        await insideWindow(page, 'text=/^\\$95\\.00$/');
        expect(await overflows(page)).toBe(false);

        await page.goto(`${e.baseUrl}/admin/accounts/payments?review=pending`);
        const apply = page.getByRole('button', { name: /^Apply the payment of/ });
        await apply.waitFor();
        await insideWindow(page, 'button[aria-label^="Refund the payment of"]');
        await shot('to-review');

        // Record Payment: Paid on today, a cleared amount, the partial-amount question (nothing recorded).
        await page.goto(`${e.baseUrl}/admin/accounts/pledges`);
        await page
          .getByRole('button', { name: /^Payment of / })
          .first()
          .click();
        await page.getByRole('menuitem', { name: 'Record Payment' }).click();
        const drawer = page.getByRole('dialog', { name: 'Record Payment' });
        await drawer.getByRole('textbox', { name: /^Paid on/ }).waitFor();
        await shotDialog('record-payment');
        const amount = drawer.getByRole('textbox', { name: /^Amount/ });
        await amount.fill('');
        await drawer.getByRole('button', { name: 'Save' }).click();
        await drawer.getByText('Amount is required').first().waitFor();
        await shotDialog('record-payment-amount-required');
        await amount.fill('50');
        await drawer.getByRole('button', { name: 'Save' }).click();
        const ask = page.getByRole('dialog', { name: 'Record a partial payment?' });
        await ask.getByText(/\$50\.00 is less than the \$95\.00 membership fee/).waitFor();
        await shotDialog('record-payment-partial');
        await ask.getByRole('button', { name: 'Change amount' }).click();
        await ask.waitFor({ state: 'hidden' });

        // An invitation's revenue as money, and its See Payments: that invitation's payments only.
        await page.goto(`${e.baseUrl}/admin/logistics/invitations/${invitationId}`);
        await page
          .getByText(/^\$[\d,]+\.00$/)
          .first()
          .waitFor();
        await page.getByRole('link', { name: 'See Payments' }).click();
        await page.waitForURL(new RegExp(`/admin/accounts/payments\\?invitationId=${invitationId}$`));
        await page
          .getByText(/\$95\.00/)
          .first()
          .waitFor();
        // Desktop shows each row's invitation: all of them this one.
        const invitations = await page.getByRole('link', { name: /^Invitation #\d+$/ }).allTextContents();
        expect(new Set(invitations)).toEqual(new Set(mode.viewport.width > 768 ? [`Invitation #${invitationId}`] : []));
        await shot('invitation-payments');
      });
    }, 120_000);
  }
});

describe('Record Payment on a member who already paid (issue 40 deviation 1)', () => {
  it('is refused with the reason; a second payment goes only ticked, with a reason, and sends no second welcome', async () => {
    const paid = await e.db
      .selectFrom('payments as p')
      .innerJoin('accounts as a', 'a.id', 'p.accountId')
      .select(['a.id', 'a.firstName', 'a.lastName', 'a.email'])
      .where('p.method', '=', 'check')
      .where('p.reviewState', 'is', null)
      .where('a.memberAt', 'is not', null)
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    const counts = async () => {
      const payments = await e.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('accountId', '=', paid.id)
        .executeTakeFirstOrThrow();
      const welcomes = await e.db
        .selectFrom('emailSends')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source', 'in', ['welcome_email', 'welcome_no_payment'])
        .where('sourceId', '=', String(paid.id))
        .executeTakeFirstOrThrow();
      return { payments: Number(payments.n), welcomes: Number(welcomes.n) };
    };
    const before = await counts();
    expect(before.payments).toBeGreaterThan(0);
    await inMode(e, SCREEN_MODES[0]!, async (page) => {
      expect((await page.request.post(`${e.baseUrl}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
      await page.goto(`${e.baseUrl}/admin/accounts/members?search=${encodeURIComponent(paid.email)}`);
      await page.getByRole('button', { name: `Payment of ${paid.firstName} ${paid.lastName}` }).click();
      await page.getByRole('menuitem', { name: 'Record Payment' }).click();
      const drawer = page.getByRole('dialog', { name: 'Record Payment' });
      await drawer.getByRole('textbox', { name: /^Amount/ }).fill('95');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await page.getByText('This membership is already paid').first().waitFor();
      expect(await counts()).toEqual(before);

      await drawer.getByRole('checkbox', { name: /Record another payment/ }).check();
      await drawer.getByRole('textbox', { name: /^Reason/ }).fill('A second check for the chapter gala');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Payment recorded successfully.').first().waitFor();
      await expect.poll(counts).toEqual({ payments: before.payments + 1, welcomes: before.welcomes });
    });
  }, 120_000);
});
