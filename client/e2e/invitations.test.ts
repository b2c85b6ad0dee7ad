import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, SCREEN_MODES, inMode, signIn, startE2E, type E2E } from './harness.js';
import { seedDemo } from '../../scripts/seed/demo.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ jobs: true });
  const { id: institutionId } = await e.db
    .insertInto('institutions')
    .values({
      name: 'Lakeside College',
      abbreviation: 'LKC',
      type: 'College/University',
      ownership: 'Public',
      address: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await e.db
    .insertInto('chapters')
    .values({ name: 'Lakeside Leadership Chapter', abbreviation: 'LLC', institutionId, address: '{}' })
    .execute();
  await signIn(e, '/admin/logistics/invitations');
  await e.page.waitForURL((u) => u.pathname === '/admin/logistics/invitations');
});
afterAll(() => e?.close());

// A fresh tab loads the app's chunks first, on a machine other work shares.
const WAIT = { timeout: 15_000 };
const shot = (name: string) => e.page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });

/** A small database: two valid rows, a duplicate (another case, spaces) and an invalid address. */
const CSV = [
  'First Name,Last Name,Email,Class Year',
  'Nia,Brooks,nia@lakeside.example,2027',
  'Omar,Diaz,omar@lakeside.example,2026',
  'Omar,Diaz, OMAR@Lakeside.example ,2026',
  'Pat,Q,not-an-email,2028',
].join('\n');

describe('invitations in the browser', () => {
  it('uploads a database, watches processing finish, and filters the invitees to the removed ones', async () => {
    const { page } = e;
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-db-')), 'lakeside.csv');
    await writeFile(file, CSV);

    await page.getByRole('link', { name: 'Add Invitation' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/logistics/invitations/new');
    const basic = page.getByRole('region', { name: 'Basic Information' });
    await basic.getByLabel('Institution').click();
    await basic.getByLabel('Institution').fill('Lakeside');
    await page.getByRole('option', { name: 'Lakeside College', exact: true }).click();
    await basic.getByLabel('Chapter').click();
    await basic.getByLabel('Chapter').fill('Lakeside');
    await page.getByRole('option', { name: 'Lakeside Leadership Chapter', exact: true }).click();

    const source = page.getByRole('region', { name: 'Invitees Source' });
    await source.getByTestId('file-dropzone').locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => source.getByText('lakeside.csv').count()).toBeGreaterThan(0);

    // The dry run reports before anything is saved.
    await source.getByRole('button', { name: 'Check file' }).click();
    await expect.poll(() => source.getByText(/4 rows read/).count()).toBe(1);
    await shot('invitation-form-dry-run.png');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/logistics/invitations');
    await expect.poll(() => page.getByText('Invitation saved successfully.').count()).toBeGreaterThan(0);

    // The row shows progress while the job runs, then the valid count, without a reload.
    const row = page.getByRole('row', { name: /Lakeside College/ });
    await expect.poll(() => row.getByText('Ready').count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getByText('2', { exact: true }).count()).toBeGreaterThan(0);
    await shot('invitations-list.png');

    await row.getByRole('link', { name: /^#\d+$/ }).click();
    await page.waitForURL(/\/admin\/logistics\/invitations\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: /^#\d+ - Lakeside College$/ }).count()).toBe(1);
    await shot('invitation-detail-general.png');

    await page.getByRole('tab', { name: 'Invitees' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('Invitees');
    await expect.poll(() => page.getByText('nia@lakeside.example').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Removed' }).click();
    await page.getByRole('option', { name: 'Removed: Yes' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('removed')).toBe('1');
    // The unfiltered page shows the same two removed rows: wait for the filtered answer to replace it.
    await expect.poll(() => page.getByText('nia@lakeside.example').count()).toBe(0);
    expect(await page.getByText(/^Removed - /).count()).toBe(2);
    await shot('invitation-invitees-removed.png');
  });

  it('adds a reminder for the current hour, watches it turn Sent, sends an invitee a test, and opens the weekly charts', async () => {
    const { page } = e;
    const values = {
      subject: 'Join us, {{firstName}}',
      body: '<p>Dear {{firstName}}, your code is {{invitationCode}}.</p>',
      bodyFormat: 'html' as const,
      preview: 'Your invitation',
      fromName: 'Honor Society',
      fromEmail: 'invite@society.example',
      replyToEmail: 'help@society.example',
    };
    const template = await e.db
      .insertInto('emailTemplates')
      .values({ name: 'Lakeside first call', ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto('emailTemplateVersions')
      .values({ templateId: template.id, version: 1, ...values })
      .execute();

    // The invitation of the first test: its detail, Email Reminders tab.
    await page.getByRole('tab', { name: 'Email Reminders' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('Email Reminders');
    await page.getByRole('button', { name: 'Add Email Reminder' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Email Reminder' });
    await drawer.getByLabel('Template').click();
    await page.getByRole('option', { name: 'Lakeside first call' }).click();
    // Today, this hour: it starts sending within a minute.
    const now = new Date();
    const day = page.getByRole('button', {
      name: `${now.getDate()} ${now.toLocaleString('en-US', { month: 'long' })} ${now.getFullYear()}`,
      exact: true,
    });
    await drawer.getByLabel('Send date').click();
    // The calendar opens on the default day's month (7 days ahead): step back when today is in the month before.
    // Its days are read once it shows (counted before, an empty count stepped back from today's own month).
    const previous = page.locator('[data-direction=previous]').first();
    await previous.waitFor();
    if (!(await day.count())) await previous.click();
    await day.first().click();
    await drawer.getByLabel('Send hour').click();
    await page.getByRole('option', { name: `${String(now.getHours()).padStart(2, '0')}:00`, exact: true }).click();
    await shot('reminder-form.png');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Email Reminder saved successfully.').count()).toBeGreaterThan(0);
    const row = page.getByRole('row', { name: /Lakeside first call/ });
    await expect.poll(() => row.getByText('Sent', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    // Sent: no edit or delete any more.
    expect(await row.getByRole('button', { name: /Edit reminder/ }).count()).toBe(0);
    await shot('invitation-email-reminders.png');

    // An invitee's test send of that reminder, to the signed-in user by default.
    await page.getByRole('tab', { name: 'Invitees' }).click();
    await page.getByRole('button', { name: 'Send Test Email for nia@lakeside.example' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
    await dialog.getByRole('button', { name: 'Send Test Email' }).click();
    await expect.poll(() => dialog.getByText('Invitation Email is required').count()).toBe(1);
    await dialog.getByLabel('Invitation Email').click();
    await page.getByRole('option', { name: /Lakeside first call/ }).click();
    expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('e2e-admin@example.com');
    await dialog.getByRole('button', { name: 'Send Test Email' }).click();
    await expect.poll(() => page.getByText('Test email sent successfully.').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Email Reminders' }).first().click();
    await page.waitForURL((u) => u.pathname === '/admin/logistics/email-reminders');
    await expect.poll(() => page.getByRole('row', { name: /Lakeside first call/ }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('img', { name: /^Delivery rate by week/ }).count(), { timeout: 20_000 })
      .toBe(1);
    await shot('email-reminders.png');
  });

  it('saves a demo invitation opened in a fresh tab and lands on its detail; a refused save takes the focus to the Database', async () => {
    const before = await e.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
      .executeTakeFirstOrThrow();
    await seedDemo(e.db, 0, undefined, e.storage);
    const demos = await e.db
      .selectFrom('invitations')
      .select(['id', 'databaseId', 'status', 'enableTickler'])
      .where('id', '>', before.id)
      .orderBy('id')
      .execute();
    expect(demos.length).toBeGreaterThan(2);
    expect(
      demos.filter((d) => d.databaseId === null),
      'every demo invitation has its database',
    ).toEqual([]);
    const demo = demos.find((d) => d.status === 'Ready')!;
    const cookies = await e.page.context().cookies();
    const editUrl = `${e.baseUrl}/admin/logistics/invitations/${demo.id}/edit`;
    const openForm = async (page: Page) => {
      await page.context().addCookies(cookies);
      await page.goto(editUrl);
      await expect.poll(() => page.getByRole('button', { name: /^Remove / }).count(), WAIT).toBe(1);
    };

    await inMode(e, SCREEN_MODES[0], async (page) => {
      // A fresh tab: no page of the app to go back to.
      await openForm(page);
      await page.getByRole('switch', { name: 'Enable Tickler' }).setChecked(!demo.enableTickler, { force: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/admin/logistics/invitations/${demo.id}`);
      await expect.poll(() => page.getByText('Invitation saved successfully.').count(), WAIT).toBeGreaterThan(0);
      const saved = await e.db
        .selectFrom('invitations')
        .select('enableTickler')
        .where('id', '=', demo.id)
        .executeTakeFirstOrThrow();
      expect(saved.enableTickler).toBe(!demo.enableTickler);
    });

    for (const mode of SCREEN_MODES) {
      await inMode(e, mode, async (page) => {
        await openForm(page);
        await page.getByRole('button', { name: /^Remove / }).click();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect.poll(() => page.getByText('Database is required').count(), WAIT).toBe(1);
        // The focus left Save for the Database's drop zone, scrolled into view.
        const focus = () =>
          page.evaluate(() => {
            const el = document.activeElement;
            const box = el?.getBoundingClientRect();
            return {
              inDatabase: !!el?.closest('[aria-label="Invitees Source"]') && el?.tagName !== 'BODY',
              visible: !!box && box.top >= 0 && box.bottom <= window.innerHeight,
            };
          });
        await expect.poll(focus, WAIT).toEqual({ inDatabase: true, visible: true });
        await page.screenshot({ path: path.join(SCREENSHOTS, `invitation-form-refused-${mode.name}.png`) });
      });
    }
  });
});
