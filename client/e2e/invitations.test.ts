import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ jobs: true });
  const { id: institutionId } = await e.db
    .insertInto('institutions')
    .values({ name: 'Lakeside College', abbreviation: 'LKC', type: 'College/University', ownership: 'Public', address: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await e.db.insertInto('chapters').values({ name: 'Lakeside Leadership Chapter', abbreviation: 'LLC', institutionId, address: '{}' }).execute();
  await signIn(e, '/admin/logistics/invitations');
  await e.page.waitForURL((u) => u.pathname === '/admin/logistics/invitations');
});
afterAll(() => e?.close());

const shot = (name: string) => e.page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });

/** A small database: two valid rows, a duplicate (another case, spaces) and an invalid address. */
const CSV = ['First Name,Last Name,Email,Class Year', 'Nia,Brooks,nia@lakeside.example,2027', 'Omar,Diaz,omar@lakeside.example,2026', 'Omar,Diaz, OMAR@Lakeside.example ,2026', 'Pat,Q,not-an-email,2028'].join('\n');

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
    await expect.poll(() => page.getByText(/^Removed - /).count()).toBe(2);
    expect(await page.getByText('nia@lakeside.example').count()).toBe(0);
    await shot('invitation-invitees-removed.png');
  });
});
