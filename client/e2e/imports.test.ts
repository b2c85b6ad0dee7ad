import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

/*
 * Issue 24 in a browser: a small accounts file imported from /admin/tech/imports (dry run, counts,
 * rejected rows, real run), then the members list and the dashboard's heatmap show the imported members.
 */

let e: E2E;
const shot = (name: string) => e.page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });

beforeAll(async () => {
  e = await startE2E({ jobs: true });
  await signIn(e, '/admin/tech/imports');
  await e.page.waitForURL(/\/admin\/tech\/imports/);
}, 60_000);
afterAll(() => e?.close());

const FILE = [
  'Legacy Id,First Name,Last Name,Email,Phone,Member Since',
  '61001,Imogen,Importa,imogen@import.test,(202) 555-0111,2025-03-04',
  '61002,Ivor,Importa,ivor@import.test,,2025-03-20',
  '61003,Bad,Phone,badphone@import.test,12,2025-03-21',
  '61004,No,Email,,,2025-03-22',
].join('\n');

describe('imports screen', () => {
  it('dry-runs a small accounts file, shows counts and rejected rows, imports it, and members and the heatmap show them', async () => {
    const { page } = e;
    const file = path.join(tmpdir(), `members-${Date.now()}.csv`);
    await writeFile(file, FILE);
    await page.getByRole('radio', { name: 'Accounts' }).check({ force: true });
    await page.getByTestId('file-dropzone').locator('input[type=file]').setInputFiles(file);
    await page.getByText('Columns recognised').waitFor();
    for (const label of ['Legacy Id', 'First Name', 'Last Name', 'Email', 'Phone', 'Member Since']) {
      await expect(page.getByText(label, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    await shot('imports-columns.png');

    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByText('A real run would give:').waitFor();
    const outcome = page.getByText('A real run would give:').locator('..');
    await expect(outcome.textContent()).resolves.toMatch(/2 created.*0 updated.*0 unchanged.*2 rejected/);
    await page.getByRole('cell', { name: 'Invalid phone number' }).waitFor();
    await page.getByRole('cell', { name: 'Email is required' }).waitFor();
    await expect(page.getByRole('link', { name: /Download all 2 rejected rows/ }).count()).resolves.toBe(1);
    expect(await e.db.selectFrom('accounts').select('id').where('legacyId', '=', 61001).execute()).toEqual([]);
    await shot('imports-dry-run.png');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported:').waitFor();
    await expect(page.getByText('Imported:').locator('..').textContent()).resolves.toMatch(/2 created/);
    await page
      .getByRole('row', { name: /Accounts.*members-/ })
      .first()
      .waitFor();
    await shot('imports-done.png');

    await page.goto(`${e.baseUrl}/admin/accounts/members?search=importa`);
    await page.getByText('imogen@import.test').waitFor();
    await page.getByText('ivor@import.test').waitFor();
    await shot('imports-members.png');

    await page.goto(`${e.baseUrl}/admin`);
    await page.getByLabel('March 2025: 2 members').waitFor();
  }, 90_000);
});
