import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startDnsServer } from '../../server/src/test/dns-server.js';
import { ADMIN, SCREENSHOTS, SCREEN_MODES, inMode, overflows, startE2E, type E2E } from './harness.js';

/*
 * Issue 37 §6: the deliverability page in the four modes (desktop and phone, light and dark). Sends to three
 * university domains over the last days, their events (through the email_events trigger), one domain deferring
 * now; the warm-up on its third day; the DNS check run from the page against a DNS server of the test's own.
 * Screenshots in client/e2e/screenshots/deliverability/<mode>/.
 */

let e: E2E;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
const DAY_MS = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  dns = await startDnsServer({
    'society.test': ['v=spf1 include:amazonses.com -all'],
    's1._domainkey.society.test': ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
  });
  e = await startE2E({
    env: { EMAIL_DOMAIN: 'society.test', DKIM_SELECTOR: 's1', DNS_SERVER: dns.server, EMAIL_WARMUP_START: dayAgo(2) },
  });
  const domains = ['state.edu', 'mail.college.edu', 'tech.edu'];
  for (let day = 6; day >= 0; day--) {
    for (const [d, domain] of domains.entries()) {
      const n = 20 + day * 3 + d * 7;
      const { rows } = await sql<{ id: number }>`
        insert into email_sends (source, source_id, recipient_key, email_to, email_type, status, send_at)
        select 'invitation_email', ${`e2e-${day}-${domain}`}, 'r' || g, 'p' || g || '@' || ${domain}, 'Invitation', 'sent', now()
        from generate_series(1, ${n}) g returning id`.execute(e.db);
      const ids = rows.map((r) => r.id);
      const at = new Date(Date.now() - day * DAY_MS);
      const kinds: [string, number][] = [
        ['sent', n],
        ['delivered', n - 2 - d],
        ['opened', Math.floor(n / 2)],
        ['bounced_soft', 1],
        ['bounced_hard', d === 2 ? 2 : 0],
        ['deferred', d === 1 ? 4 : 0],
        ['spam', day % 3 === 0 ? 1 : 0],
      ];
      for (const [name, k] of kinds)
        if (k > 0)
          await sql`insert into email_events (send_id, name, event_at)
            select unnest(${ids.slice(0, k)}::bigint[]), ${name}, ${at}::timestamptz`.execute(e.db);
    }
  }
  await sql`insert into email_domains (domain, budget, state, rate_per_minute, deferrals, deferring_since, last_answer, deferred)
    values ('mail.college.edu', 'microsoft', 'slowed', 30, 3, now(), '451 4.7.1 try again later', 3),
           ('tech.edu', 'tech.edu', 'slowed', 120, 0, null, null, 1)`.execute(e.db);
}, 120_000);
afterAll(async () => {
  await e?.close();
  await dns?.close();
});

describe('deliverability page in four modes', () => {
  for (const mode of SCREEN_MODES) {
    it(`${mode.name}: per domain and day, the warm-up, the states, the chart, the DNS check`, async () => {
      const dir = path.join(SCREENSHOTS, 'deliverability', mode.name);
      await mkdir(dir, { recursive: true });
      await inMode(e, mode, async (page) => {
        const shot = (name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
        expect((await page.request.post(`${e.baseUrl}/api/auth/login`, { data: ADMIN })).status()).toBe(200);

        await page.goto(`${e.baseUrl}/admin/logistics/deliverability`);
        await page.getByRole('heading', { name: 'Deliverability' }).waitFor();
        await page.getByText('mail.college.edu').first().waitFor();
        await page.getByText(/Day 3 since/).waitFor();
        await page.getByText("today's limit is").waitFor();
        await page.getByText('Paused: 1').waitFor();
        await page.getByText('Slowed: 1').waitFor();
        await page.locator('svg[role="img"]').first().waitFor();
        expect(await page.getByRole('row').count()).toBeGreaterThan(5);
        expect(await overflows(page)).toBe(false);
        await shot('page');

        // The DNS check from the page: SPF and DKIM pass, DMARC is missing.
        await page.getByRole('button', { name: 'Check now' }).click();
        await page.getByText('DMARC fail').waitFor();
        await page.getByText('No DMARC record at _dmarc.society.test (expected v=DMARC1; p=...)').waitFor();
        await page.getByText('SPF pass').waitFor();
        await page.getByText('DKIM pass').waitFor();
        expect(await overflows(page)).toBe(false);
        await shot('dns-check');

        // Sorted by deferrals, most first: the deferring domain leads.
        await page.goto(`${e.baseUrl}/admin/logistics/deliverability?sort=deferred:desc`);
        await page.getByText('mail.college.edu').first().waitFor();
        // The list's table is the page's last (the caps' and the warm-up's tables are in the cards above it).
        const first = page.locator('tbody').last().locator('tr').first();
        await expect.poll(() => first.textContent()).toContain('mail.college.edu');
        expect(await first.textContent()).toContain('Paused');
        await shot('sorted');

        // Export: the same rows as CSV.
        const csv = await page.request.get(
          `${e.baseUrl}/api/admin/logistics/deliverability/domain-days/export?sort=deferred:desc`,
        );
        expect(csv.status()).toBe(200);
        const lines = (await csv.text()).trim().split('\n');
        expect(lines).toHaveLength(1 + 7 * 3);
        expect(lines[1]).toMatch(/^mail\.college\.edu,/);
      });
    }, 120_000);
  }
});

describe('domain caps and the warm-up schedule (issue 37 §1, §2)', () => {
  it('adds a cap and edits a warm-up day on a phone: the pacing and the warm-up card follow', async () => {
    const mode = SCREEN_MODES.find((m) => m.name === 'phone-light')!;
    const dir = path.join(SCREENSHOTS, 'deliverability', mode.name);
    await mkdir(dir, { recursive: true });
    await inMode(e, mode, async (page) => {
      expect((await page.request.post(`${e.baseUrl}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
      await page.goto(`${e.baseUrl}/admin/logistics/deliverability`);
      const caps = page.getByRole('region', { name: 'Domain caps' });
      await caps.getByText('No domain has a cap of its own.').waitFor();
      await caps.getByRole('button', { name: 'Add cap' }).click();
      const add = page.getByRole('dialog', { name: 'Add cap' });
      await add.getByPlaceholder('state.edu').fill('state.edu');
      await add.getByRole('textbox', { name: /Messages a minute/ }).fill('90');
      await add.getByRole('button', { name: 'Save' }).click();
      await caps.getByRole('cell', { name: 'state.edu', exact: true }).waitFor();
      await caps.getByRole('cell', { name: '90', exact: true }).waitFor();

      // Day 3 today: 2,000 by default; edited to 1,500.
      const warmup = page.getByRole('region', { name: 'Warm-up schedule' });
      await warmup.getByRole('cell', { name: '2,000', exact: true }).waitFor();
      await page.getByText("today's limit is").waitFor();
      await warmup.getByRole('button', { name: 'Edit schedule' }).click();
      const edit = page.getByRole('dialog', { name: 'Warm-up schedule' });
      await edit.getByRole('textbox', { name: 'Day 3' }).fill('1500');
      await page.waitForTimeout(500); // the dialog's fade-in, for the screenshot only
      await page.screenshot({ path: path.join(dir, 'warmup-edit.png') });
      await edit.getByRole('button', { name: 'Save' }).click();
      await warmup.getByText('Edited').waitFor();
      await warmup.getByRole('cell', { name: '1,500', exact: true }).waitFor();
      await page.getByText(/today's limit is 1,500/).waitFor();
      expect(await overflows(page)).toBe(false);
      await caps.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, 'caps-and-warmup.png'), fullPage: true });
      await caps.screenshot({ path: path.join(dir, 'domain-caps.png') });
      await warmup.screenshot({ path: path.join(dir, 'warmup-schedule.png') });

      const { rows } = await sql<{ name: string; perMinute: number }>`
        select name, per_minute as "perMinute" from email_domain_caps`.execute(e.db);
      expect(rows).toEqual([{ name: 'state.edu', perMinute: 90 }]);
      const audit = await sql<{ entity: string; action: string }>`
        select entity, action from audit_log where entity in ('email_domain_caps', 'email_warmup_schedule') order by id`.execute(
        e.db,
      );
      expect(audit.rows).toEqual([
        { entity: 'email_domain_caps', action: 'create' },
        { entity: 'email_warmup_schedule', action: 'create' },
      ]);
    });
  }, 120_000);
});
