import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { seedAiChats } from '../../scripts/seed/ai-chat.js';
import { seedAssessments } from '../../scripts/seed/assessments.js';
import { seedLessons } from '../../scripts/seed/lessons.js';
import { seedPrograms } from '../../scripts/seed/programs.js';
import { seedQuizzesAndSurveys } from '../../scripts/seed/quizzes.js';
import { hashPassword } from '../../server/src/services/auth/passwords.js';
import { startFakeChatServer, type FakeChatServer } from '../../server/src/services/ai-chat/fake-chat-server.js';
import { SCREENSHOTS, signIn, startE2E, type E2E } from './harness.js';

// A member walks the demo program in the browser (lesson, quiz, assessment, an AI chat step), and staff
// preview an AI chat template with custom token values; the AI is a fake OpenAI-compatible server.

const MEMBER = { email: 'e2e-learner@example.edu', password: 'learner-password-1' };
const P = 'leadership-foundations';

let e: E2E;
let fake: FakeChatServer;
beforeAll(async () => {
  fake = await startFakeChatServer();
  e = await startE2E({
    env: {
      AI_API_KEY: 'e2e-key',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
      AI_RETRIES: '0',
      AI_TIMEOUT_MS: '5000',
    },
  });
  await seedQuizzesAndSurveys(e.db);
  await seedAssessments(e.db);
  await seedAiChats(e.db);
  await seedPrograms(e.db);
  await seedLessons(e.db);
  await e.db
    .insertInto('accounts')
    .values({
      firstName: 'Lee',
      lastName: 'Learner',
      email: MEMBER.email,
      passwordHash: await hashPassword(MEMBER.password),
      admin: false,
      active: true,
      roles: ['ROLE_USER'],
      address: '{}',
    })
    .execute();
});
afterAll(async () => {
  await e?.close();
  await fake?.close();
});

const shot = (name: string) => e.page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
const step = (name: string) => e.page.getByRole('link', { name: new RegExp(`^${name}`) });
const xp = () => e.page.getByTestId('program-xp').textContent();

describe('learner view in the browser', () => {
  it('a member completes a lesson, a quiz and an assessment, and sees the XP and the outcome', async () => {
    const { page } = e;
    await page.goto(`${e.baseUrl}/login`);
    await page.locator('input[name=email]').fill(MEMBER.email);
    await page.locator('input[name=password]').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/member');
    await page.goto(`${e.baseUrl}/member/programs/${P}`);
    await page.getByRole('button', { name: 'Start program' }).click();
    await page.getByRole('button', { name: 'Start program' }).waitFor({ state: 'detached' });

    // Lesson.
    await step('Welcome to the Society').click();
    await page.getByText('Welcome! This lesson introduces').waitFor();
    await page.getByRole('button', { name: 'Mark lesson done' }).click();
    await page.getByText('Done', { exact: true }).waitFor();

    // Quiz: a single select with feedback, then a matcher; completing it earns 10 XP.
    await step('Society Basics Check').click();
    await page.getByRole('radio', { name: 'Leadership, Success and Service' }).check();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByText('Yes: the three pillars.').waitFor();
    await page.getByRole('button', { name: 'Next question' }).click();
    for (const [statement, answer] of [
      ['Leads chapter meetings', 'Chapter President'],
      ['Keeps the chapter budget', 'Treasurer'],
    ]) {
      await page.getByRole('combobox', { name: statement }).click();
      await page.getByRole('option', { name: answer }).click();
    }
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByText('Correct', { exact: true }).waitFor();
    await expect.poll(xp).toBe('10 XP');

    // Assessment: four questions, then the outcome from the scoring function (Visionary 8, Coach 7).
    await step('Personality Assessment').click();
    await page.getByText('Four questions about how you lead').waitFor();
    const answers = [
      ['Describe what success will look like'],
      ['You inspired me', 'You helped me grow'],
      ['Talk through what got in the way'],
      ['Give the opening talk'],
    ];
    for (const [i, chosen] of answers.entries()) {
      await page.getByText(`Question ${i + 1} of 4`).waitFor();
      for (const text of chosen) await page.getByLabel(text).check();
      await page.getByRole('button', { name: 'Save answer' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();
      if (i < answers.length - 1) await page.getByRole('button', { name: 'Next question' }).click();
    }
    await page.getByTestId('assessment-outcome').getByText('Your outcome: Visionary').waitFor();
    await expect.poll(xp).toBe('25 XP');
    await shot('learner-assessment-outcome.png');
  });

  it('the member writes to the AI coach step and the answer is typed out', async () => {
    const { page } = e;
    await step('Leadership Coach Chat').click();
    // The first read started the chat: the template's prompt, with the member's first name, went to the model.
    await page.getByText(/^Echo: Hi, I am Lee/).waitFor();
    await page.getByRole('textbox', { name: 'Your message' }).fill('I want to speak at meetings');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Echo: I want to speak at meetings').waitFor();
    await expect.poll(xp).toBe('35 XP');
    await shot('learner-ai-chat.png');

    // A Programmatic step answers JSON of its schema, drawn for people rather than shown as JSON.
    fake.answerJson({
      tasks: [
        {
          title: 'Join a committee',
          description: 'Ask the president which one needs help',
          priority: 'high',
          estimateMinutes: 30,
        },
      ],
    });
    await step('Plan Your Tasks').click();
    await page.getByText('Join a committee').waitFor();
    await page.getByText('Estimate minutes').waitFor();
    expect(await page.getByText('"tasks"').count()).toBe(0);
    // Answered once, the step is done, and the syllabus says so without a reload.
    await page.getByText('Done', { exact: true }).waitFor();
    await shot('learner-ai-tasks.png');
  });

  it('staff fill a custom preview of an AI chat template and see the typed answer', async () => {
    const { page } = e;
    await page.context().clearCookies();
    const { id } = await e.db
      .selectFrom('aiChatTemplates')
      .select('id')
      .where('name', '=', 'Reflection Feedback')
      .executeTakeFirstOrThrow();
    await signIn(e, `/admin/tech/ai-template/${id}/edit?tab=Template`);
    await page.getByRole('textbox', { name: '{{firstName}}' }).fill('Ada');
    await page.getByRole('button', { name: 'Preview' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Custom Preview' });
    const typed = 'Echo: Give Ada short, encouraging feedback on finishing the leadership module.';
    await dialog.getByText(typed).waitFor();
    const sent = fake.calls.at(-1)!.body.messages.find((m: { role: string }) => m.role === 'user').content;
    expect(sent).toBe('Give Ada short, encouraging feedback on finishing the leadership module.');
    await shot('ai-template-custom-preview.png');
  });
});
