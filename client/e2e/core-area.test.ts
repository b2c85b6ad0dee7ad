import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { hashPassword } from '../../server/src/services/auth/passwords.js';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await signIn(e, '/admin');
  await e.page.waitForURL((u) => u.pathname === '/admin');
});
afterAll(() => e?.close());

const shot = (name: string) => e.page.screenshot({ path: path.join(SCREENSHOTS, name) });
const pathname = () => new URL(e.page.url()).pathname;

/** Closes the notifications on screen (top right) so they cover nothing the test points at. */
async function dismissNotifications() {
  const notes = e.page.locator('.mantine-Notification-root');
  for (const close of await notes.locator('button').all()) await close.click().catch(() => {});
  await expect.poll(() => notes.count(), { timeout: 10_000 }).toBe(0);
}

// --- A real PNG: signature, IHDR, one IDAT of RGB rows, IEND. ---
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A size x size PNG: a blue square with a gold diagonal. */
function pngBytes(size = 32): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set(Math.abs(x - y) < 3 ? [230, 180, 30] : [40, 80, 200], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 'YYYY-MM-DD' of a time in the local zone (the browser's and this process's). */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return localDay(new Date(y!, m! - 1, d! + n));
};

describe('core area', () => {
  it('creates a chapter with an uploaded logo that the save commits', async () => {
    const { page } = e;
    await e.db
      .insertInto('institutions')
      .values({
        name: 'Harborview University',
        abbreviation: 'HVU',
        type: 'College/University',
        ownership: 'Public',
        address: '{}',
      })
      .execute();
    const logo = pngBytes();
    const logoPath = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-logo-')), 'harborview-logo.png');
    await writeFile(logoPath, logo);

    await page.goto(`${e.baseUrl}/admin/chapters`);
    await page.getByRole('link', { name: 'Add Chapter' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/chapters/new');

    const info = page.getByRole('region', { name: 'Chapter Information' });
    await info.getByLabel('Name').fill('Harborview Leadership Chapter');
    await info.getByLabel('Abbreviation').fill('HVLC');
    await info.getByLabel('Institution').click();
    await info.getByLabel('Institution').fill('Harbor');
    await page.getByRole('option', { name: 'Harborview University', exact: true }).click();
    await expect.poll(() => info.getByLabel('Institution').inputValue()).toBe('Harborview University');

    await info.getByTestId('file-dropzone').locator('input[type=file]').setInputFiles(logoPath);
    await expect.poll(() => page.getByText('Upload successfully.').count()).toBeGreaterThan(0);
    const preview = info.getByRole('img', { name: 'harborview-logo.png' });
    await expect.poll(() => preview.evaluate((img: any) => (img.complete ? img.naturalWidth : 0))).toBe(32);
    expect(await info.getByRole('button', { name: 'Remove harborview-logo.png' }).count()).toBe(1);
    await shot('core-chapter-form-logo.png');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/chapters');
    await expect.poll(() => page.getByText('Chapter saved successfully.').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('link', { name: 'Harborview Leadership Chapter', exact: true }).count())
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Edit Harborview Leadership Chapter' }).count()).toBe(1);
    expect(await page.getByText('HVLC · Harborview University').count()).toBe(1);
    await shot('core-chapters-list.png');

    const saved = await e.db
      .selectFrom('chapters')
      .innerJoin('files', 'files.id', 'chapters.logoId')
      .innerJoin('institutions', 'institutions.id', 'chapters.institutionId')
      .select([
        'chapters.abbreviation',
        'institutions.name as institution',
        'files.id as fileId',
        'files.fileName',
        'files.folder',
        'files.committed',
        'files.sizeInBytes',
      ])
      .where('chapters.name', '=', 'Harborview Leadership Chapter')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      abbreviation: 'HVLC',
      institution: 'Harborview University',
      fileName: 'harborview-logo.png',
      folder: 'public/chapters/logos',
      committed: true,
      sizeInBytes: logo.length,
    });
    const served = await fetch(`${e.baseUrl}/api/files/${saved.fileId}/harborview-logo.png`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
    await dismissNotifications();
  });

  it('resets a password from the accounts list, and the new one signs in', async () => {
    const { page } = e;
    const person = { email: 'riley.quinn@example.edu', old: 'old-password-1', next: 'fresh-password-2' };
    await e.db
      .insertInto('accounts')
      .values({
        firstName: 'Riley',
        lastName: 'Quinn',
        email: person.email,
        passwordHash: await hashPassword(person.old),
        admin: false,
        active: true,
        address: '{}',
      })
      .execute();

    await page.goto(`${e.baseUrl}/admin/accounts`);
    await page.getByRole('button', { name: 'Reset Password of Riley Quinn' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reset Password' });
    await expect.poll(() => drawer.getByText('riley.quinn@example.edu', { exact: false }).count()).toBe(1);

    await drawer.getByLabel('New Password').fill(person.next);
    await drawer.getByLabel('Confirm Password').fill('something-else-3');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => drawer.getByText("Passwords don't match").count()).toBe(1);
    await shot('core-reset-password-mismatch.png');

    await drawer.getByLabel('Confirm Password').fill(person.next);
    await expect.poll(() => drawer.getByText("Passwords don't match").count()).toBe(0);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Password saved successfully.').count()).toBeGreaterThan(0);
    await expect.poll(() => drawer.count()).toBe(0);
    await shot('core-reset-password-saved.png');

    const login = (password: string) =>
      fetch(`${e.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: person.email, password }),
      });
    const ok = await login(person.next);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { account: { email: string } }).account.email).toBe(person.email);
    expect((await login(person.old)).status).toBe(401);
    await dismissNotifications();
  });

  it('adds a calendar event, drags it to another day, and deletes it', async () => {
    const { page } = e;
    const name = 'Spring Service Day';
    const event = page.locator('.fc-event', { hasText: name });
    const stored = () =>
      e.db.selectFrom('calendarEvents').select(['uuid', 'eventStart']).where('name', '=', name).execute();

    await page.goto(`${e.baseUrl}/admin/calendar`);
    await page.getByRole('button', { name: 'Add Calendar Event' }).click();
    const drawer = page.getByRole('dialog', { name: 'General Calendar Event' });
    await drawer.getByLabel('Name').fill(name);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Calender Event saved successfully.').count()).toBeGreaterThan(0);
    await expect.poll(() => drawer.count()).toBe(0);

    const [created] = await stored();
    expect(created).toBeDefined();
    const start = created!.eventStart;
    expect(start.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const startDay = localDay(start);

    // The grid opens on this month; the event starts 7 days ahead, maybe in the next one.
    await expect.poll(() => page.locator('td[data-date]').count()).toBeGreaterThan(27);
    if ((await page.locator(`td[data-date="${startDay}"]`).count()) === 0) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await expect.poll(() => page.locator(`td[data-date="${startDay}"] .fc-event`, { hasText: name }).count()).toBe(1);
    await dismissNotifications();
    await shot('core-calendar-created.png');

    // A later day in the same grid, else an earlier one (still at least five days ahead).
    const candidates = [2, 1, 3, -2, -1].map((n) => addDays(startDay, n));
    let target: string | undefined;
    for (const day of candidates) {
      if ((await page.locator(`td[data-date="${day}"]`).count()) === 1) {
        target = day;
        break;
      }
    }
    expect(target).toBeDefined();

    const from = (await event.boundingBox())!;
    const to = (await page.locator(`td[data-date="${target}"]`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    await page.mouse.up();

    await expect.poll(async () => (await stored()).map((r) => localDay(r.eventStart))).toEqual([target]);
    const [moved] = await stored();
    expect([moved!.eventStart.getHours(), moved!.eventStart.getMinutes()]).toEqual([
      start.getHours(),
      start.getMinutes(),
    ]);
    await expect.poll(() => page.getByText('Calender Event saved successfully.').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator(`td[data-date="${target}"] .fc-event`, { hasText: name }).count()).toBe(1);
    expect(await page.locator(`td[data-date="${startDay}"] .fc-event`, { hasText: name }).count()).toBe(0);
    await dismissNotifications();
    await shot('core-calendar-moved.png');

    await event.click();
    const popover = page.getByRole('dialog', { name });
    await expect.poll(() => popover.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await shot('core-calendar-popover.png');
    await popover.getByRole('button', { name: 'Delete' }).click();

    const confirm = page.getByRole('dialog', { name: 'Delete Calendar Event' });
    await expect.poll(() => confirm.getByText(name).count()).toBe(1);
    // The modal fades in: wait until it has arrived before the picture.
    const look = (el: any) => {
      const style = el.ownerDocument.defaultView.getComputedStyle(el);
      return `${style.opacity} ${style.transform}`;
    };
    await expect.poll(() => confirm.evaluate(look)).toMatch(/^1 (none|matrix\(1, 0, 0, 1, 0, 0\))$/);
    await shot('core-calendar-delete-confirm.png');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Calendar Event deleted').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await stored()).length).toBe(0);
    await expect.poll(() => event.count()).toBe(0);
    await shot('core-calendar-deleted.png');
    expect(pathname()).toBe('/admin/calendar');
  });
});
