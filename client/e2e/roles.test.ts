import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../server/src/services/auth/passwords.js';
import { ADMIN, SCREENSHOTS, startE2E, type E2E } from './harness.js';
import { seedSweep } from './sweep/seed.js';

/*
 * Issue 35 §5, §6 in the browser: an advisor signs in from an invite link and sees only their chapter's nav,
 * lists and dashboard; an auditor sees no action buttons; a deep link to a forbidden screen is refused inside
 * the shell with no failing API call.
 */

let e: E2E;
let chapterId: number;
/** The demo data's record of each kind (the sweep's seed): an AI template, an assessment, a program, ... */
let demo: Record<string, string>;
const PASSWORD = 'e2e-staff-password-1';

beforeAll(async () => {
  // The job queue runs: an invitation is queued as an email, as in the product.
  e = await startE2E({ jobs: true });
  demo = await seedSweep(e.db, e.storage);
  const institution = await e.db
    .insertInto('institutions')
    .values({
      name: 'Lakeside University',
      abbreviation: 'LU',
      type: 'College/University',
      ownership: 'Public',
      address: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  chapterId = (
    await e.db
      .insertInto('chapters')
      .values({
        name: 'Lakeside Leadership Chapter',
        abbreviation: 'LLC',
        institutionId: institution.id,
        address: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => e?.close());

/** A staff account holding `roles`, signed in through the form in a fresh tab. */
async function staffTab(email: string, roles: string[]): Promise<Page> {
  await e.db
    .insertInto('accounts')
    .values({
      firstName: 'Sam',
      lastName: 'Staff',
      email,
      admin: true,
      roles: ['ROLE_USER', ...roles],
      passwordHash: await hashPassword(PASSWORD),
      address: '{}',
    })
    .execute();
  const page = await (await e.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${e.baseUrl}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
  return page;
}

/** Every API answer of 400 or more while `fn` runs. */
async function failedCalls(page: Page, fn: () => Promise<void>): Promise<string[]> {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await fn();
  return failed;
}

const ACTION =
  /^(Add|New|Create|Edit|Rename|Delete|Move|Drag|Invite|Revoke|Send|Record|Apply|Refund|Reset|Export|Import|Dry run|Check file|Generate|Preview|Manage|Save)\b/;

/** The action buttons and drag handles `page` offers once it is quiet. */
async function actionsOn(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const buttons = await page
    .getByRole('button', { name: ACTION })
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent ?? ''));
  const handles = await page.getByLabel(/^Drag /).count();
  return handles ? [...buttons, `${handles} drag handles`] : buttons;
}

/** The imports, AI and learning editors (issue 35 §6), each with a text it shows once loaded. */
function editorScreens(): [string, string | RegExp][] {
  const program = `/admin/learning/programs/${demo.programSlug}`;
  const assessment = `/admin/learning/assessments/${demo.assessmentId}`;
  return [
    ['/admin/tech/imports', /^Imports$/],
    [`/admin/tech/ai-video-template/${demo.aiVideoTemplateId}/edit?tab=Generate`, /^Videos$/],
    [`/admin/tech/ai-template/${demo.aiTemplateId}/edit?tab=Template`, 'User Prompt'],
    ['/admin/learning/assessments', /^Outcomes$/],
    [assessment, 'Introduction'],
    [`${assessment}?tab=Outcomes`, /of at most \d+ outcomes/],
    [`${assessment}?tab=Questions`, /^\d+ questions?$/],
    [`${assessment}?tab=Score+Matrix`, /^Tie-breaker question/],
    ['/admin/learning/programs', /^Name$/],
    [program, /^Section 1$/],
    [`${program}/lessons/${demo.lessonSlug}`, /^Segmented lesson in/],
    ['/admin/learning/quiz', /^Questions$/],
    [`/admin/learning/quiz/${demo.quizId}`, /last updated/],
    [`/admin/learning/survey/${demo.surveyId}`, /last updated/],
    [`/admin/logistics/invitations/${demo.invitationId}/edit`, 'Clean by invite count'],
  ];
}

describe('an auditor', () => {
  it('reads the lists but is offered no action button', async () => {
    const page = await staffTab('e2e-auditor@example.com', ['ROLE_AUDITOR']);
    for (const screen of [
      '/admin/accounts',
      '/admin/accounts/members',
      '/admin/accounts/payments',
      '/admin/logistics/invitations',
      '/admin/calendar',
      '/admin/institutions',
      '/admin/chapters',
      '/admin/tech/api-keys',
      '/admin/tech/roles',
    ]) {
      await page.goto(`${e.baseUrl}${screen}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      expect(await actionsOn(page), screen).toEqual([]);
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'auditor-roles.png') });
  });

  it('reads the imports, AI and learning editors read-only: no run, generate, preview, save, add, delete or drag', async () => {
    const page = await staffTab('e2e-auditor-editors@example.com', ['ROLE_AUDITOR']);
    for (const [screen, shown] of editorScreens()) {
      await page.goto(`${e.baseUrl}${screen}`);
      await page.getByText(shown).first().waitFor();
      expect(await actionsOn(page), screen).toEqual([]);
    }
    // The Generate tab is not offered; the forms show their values in disabled fields.
    await page.goto(`${e.baseUrl}/admin/tech/ai-video-template/${demo.aiVideoTemplateId}/edit`);
    await page.getByRole('tab', { name: 'Videos' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Generate' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true);
    await page.goto(`${e.baseUrl}/admin/tech/ai-template/${demo.aiTemplateId}/edit?tab=Template`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true);
    const prompt = page.locator('[contenteditable][aria-label="User Prompt"]');
    await expect.poll(() => prompt.getAttribute('contenteditable')).toBe('false');
    await page.goto(`${e.baseUrl}/admin/learning/assessments/${demo.assessmentId}`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'auditor-editors.png') });
  });

  it("opens a lesson's segment and reads its content, with every field disabled and no save, delete or move", async () => {
    const page = await staffTab('e2e-auditor-segment@example.com', ['ROLE_AUDITOR']);
    await page.goto(`${e.baseUrl}/admin/learning/programs/${demo.programSlug}/lessons/${demo.lessonSlug}`);
    await page.getByRole('button', { name: 'The Founding' }).click();
    const panel = page.getByRole('dialog', { name: 'Lesson Segment' });
    // The content, rendered by the rich-text editor and not editable.
    await panel.getByText('Lead by serving, learn by leading.').waitFor();
    const curriculum = panel.locator('[contenteditable][aria-label="Curriculum"]');
    await expect.poll(() => curriculum.getAttribute('contenteditable')).toBe('false');
    const name = panel.getByRole('textbox', { name: 'Name', exact: true });
    expect(await name.inputValue()).toBe('The Founding');
    expect(await name.isDisabled()).toBe(true);
    expect(await actionsOn(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'auditor-lesson-segment.png') });
    // A segment with media (a video) reads the same way.
    await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('button', { name: 'Growing Chapters' }).click();
    const media = page.getByRole('dialog', { name: 'Lesson Segment' });
    await media.getByText('Chapters on every continent').waitFor();
    await media.locator('iframe[title="Youtube video link"]').waitFor({ state: 'attached' });
    expect(await media.getByRole('button', { name: 'Change link' }).count()).toBe(0);
  });
});

describe('an administrator', () => {
  it('is offered the actions on the same editors (the auditor lacks them by role, not by screen)', async () => {
    const page = await staffTab('e2e-content-admin@example.com', ['ROLE_ADMIN']);
    for (const [screen, shown] of editorScreens()) {
      await page.goto(`${e.baseUrl}${screen}`);
      await page.getByText(shown).first().waitFor();
      expect(await actionsOn(page), screen).not.toEqual([]);
    }
  });
});

describe('a deep link to a forbidden screen', () => {
  it('shows "You do not have access to this page" inside the shell, with no failing API call', async () => {
    const page = await staffTab('e2e-content@example.com', ['ROLE_CONTENT']);
    const failed = await failedCalls(page, async () => {
      await page.goto(`${e.baseUrl}/admin/accounts/members`);
      await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
      await page.waitForLoadState('networkidle');
    });
    expect(failed).toEqual([]);
    // Inside the shell: the nav is there, with the content areas and without the members list.
    const nav = page.locator('nav[aria-label="Main"]');
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Members' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'forbidden-deep-link.png') });
  });
});

describe('an advisor', () => {
  it('signs in from an invite link and sets the password', async () => {
    const admin = await e.browser.newContext();
    expect((await admin.request.post(`${e.baseUrl}/api/auth/login`, { data: ADMIN })).status()).toBe(200);
    const invited = await admin.request.post(`${e.baseUrl}/api/admin/accounts/invite`, {
      data: {
        firstName: 'Ada',
        lastName: 'Advisor',
        email: 'e2e-advisor@example.edu',
        roles: ['ROLE_ADVISOR'],
        chapterIds: [chapterId],
      },
    });
    expect(invited.status()).toBe(201);
    const { id } = (await invited.json()) as { id: number };
    const send = await e.db
      .selectFrom('emailSends')
      .select('tokenValues')
      .where('accountId', '=', id)
      .where('source', '=', 'set_password')
      .executeTakeFirstOrThrow();
    const link = new URL(send.tokenValues.setPasswordUrl!);

    const page = await (await e.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${e.baseUrl}${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.locator('input[name=email]').fill('e2e-advisor@example.edu');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));

    // Their chapter's dashboard, named; only the areas their role reads in the nav.
    await page.getByRole('heading', { name: 'Dashboard: Lakeside Leadership Chapter' }).waitFor();
    const nav = page.locator('nav[aria-label="Main"]');
    for (const hidden of ['API Keys', 'Audit Log', 'Roles', 'Email Templates', 'A/B Variables'])
      expect(await nav.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
    expect(await nav.getByRole('link', { name: 'Invitations' }).count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'advisor-landing.png') });
  });

  it("lists only their chapter's rows", async () => {
    // A second chapter's invitation and member, with marker names the advisor must never see.
    const other = await e.db
      .insertInto('chapters')
      .values({
        name: 'Hilltop Marker Chapter',
        abbreviation: 'HMC',
        institutionId: (await e.db.selectFrom('institutions').select('id').executeTakeFirstOrThrow()).id,
        address: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto('accounts')
      .values([
        {
          firstName: 'Mine',
          lastName: 'Member',
          email: 'e2e-mine@example.edu',
          chapterId,
          memberAt: new Date(),
          address: '{}',
        },
        {
          firstName: 'Other',
          lastName: 'Markerperson',
          email: 'e2e-other@example.edu',
          chapterId: other.id,
          memberAt: new Date(),
          address: '{}',
        },
      ])
      .execute();
    const page = await (await e.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${e.baseUrl}/login`);
    await page.locator('input[name=email]').fill('e2e-advisor@example.edu');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));
    await page.goto(`${e.baseUrl}/admin/accounts/members`);
    await page.getByText('Mine Member').first().waitFor();
    expect(await page.getByText('Markerperson').count()).toBe(0);
    await page.goto(`${e.baseUrl}/admin/chapters`);
    await page.getByText('Lakeside Leadership Chapter').first().waitFor();
    expect(await page.getByText('Hilltop Marker Chapter').count()).toBe(0);
  });
});
