import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ADMIN, SCREENSHOTS, startE2E, type E2E } from './harness.js';

let e: E2E;
let sendId: number;
beforeAll(async () => {
  e = await startE2E();
  const send = await e.db
    .insertInto('emailSends')
    .values({
      source: 'welcome_email',
      sourceId: '1',
      recipientKey: 'r1',
      emailTo: 'reader@students.example',
      emailType: 'Transactional',
      tokenValues: '{}',
      status: 'sent',
      sendAt: new Date('2026-11-20T10:00:00Z'),
      sent: true,
      opened: true,
      clicked: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  sendId = send.id;
  const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 10, m)) as never;
  await e.db
    .insertInto('emailEvents')
    .values([
      { sendId, name: 'sent', eventAt: at(0), message: '250 Ok 0100018c-example-000000' },
      { sendId, name: 'opened', eventAt: at(1), automated: true, ipAddress: '17.58.100.1', userAgent: 'Mozilla/5.0' },
      {
        sendId,
        name: 'opened',
        eventAt: at(9),
        ipAddress: '66.249.84.1',
        userAgent: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      },
      {
        sendId,
        name: 'clicked',
        eventAt: at(1),
        automated: true,
        link: 'https://society.example/accept',
        userAgent: 'Mozilla/5.0 (compatible; Barracuda Sentinel)',
      },
      {
        sendId,
        name: 'clicked',
        eventAt: at(10),
        link: 'https://society.example/accept',
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15',
      },
    ])
    .execute();
});
afterAll(() => e?.close());

describe('Email Events panel', () => {
  it('tells machine opens, image-proxy opens and link scanners apart: desktop and phone, light and dark', async () => {
    for (const mode of [
      { name: 'desktop-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
      { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
      { name: 'phone-light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
      { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    ] as const) {
      const context = await e.browser.newContext({ viewport: mode.viewport, colorScheme: mode.colorScheme });
      expect((await context.request.post(`${e.baseUrl}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
      const page = await context.newPage();
      await page.goto(`${e.baseUrl}/admin/tech/emails-sent?details=${sendId}&eventsSort=eventAt:asc`);
      const panel = page.getByRole('dialog', { name: 'Email Events' });
      await panel.getByText('Machine open').waitFor();
      expect(await panel.getByText('Image proxy').count()).toBe(1);
      expect(await panel.getByText('Link scanner').count()).toBe(1);
      expect(
        await panel.getByText('Machine open').locator('xpath=ancestor-or-self::*[@title][1]').getAttribute('title'),
      ).toMatch(/Apple Mail Privacy Protection/);
      await page.screenshot({ path: path.join(SCREENSHOTS, `email-events-${mode.name}.png`) });
      await context.close();
    }
  });
});
