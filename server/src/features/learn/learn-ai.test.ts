import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_CHAT_MESSAGES, LEARN_MESSAGES } from '@app/contract';
import { seedAiChats } from '../../../../scripts/seed/ai-chat.js';
import { seedPrograms } from '../../../../scripts/seed/programs.js';
import { completion, startFakeChatServer, type FakeChatServer } from '../../services/ai-chat/fake-chat-server.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

// The learner API's AI components (feedback, chat, goal, task) against a fake OpenAI-compatible server.

const P = 'leadership-foundations';
let t: TestApp;
let fake: FakeChatServer;

beforeAll(async () => {
  fake = await startFakeChatServer();
  t = await createTestApp({
    AI_API_KEY: 'chat-key',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'test-model',
    AI_RETRIES: '0',
    AI_TIMEOUT_MS: '2000',
  });
  await seedAiChats(t.db);
  await seedPrograms(t.db);
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function learner(email: string) {
  const cookie = await t.signIn({ admin: false, email });
  const learn = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.request({ method, url: `/api/learn/program/${P}${path}`, payload, cookie });
  return { cookie, learn };
}
const userMessages = (i: number) =>
  fake.calls[i]!.body.messages.filter((m: { role: string }) => m.role === 'user').map(
    (m: { content: string }) => m.content,
  );

describe('learner AI components', () => {
  it('feedback answers once with the member’s tokens, is kept, and completes the step', async () => {
    const { learn } = await learner('feedback@example.test');
    const first = await learn('GET', '/feedback/reflection-feedback');
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json();
    expect(view).toMatchObject({
      aiConfigured: true,
      template: { name: 'Reflection Feedback', type: 'Feedback' },
      canSend: false,
      chat: { locked: true },
    });
    expect(view.chat.messages).toHaveLength(1);
    expect(view.chat.messages[0].aiResponse).toMatch(/^Echo: Give .+ short, encouraging feedback/);
    expect(userMessages(0)[0]).not.toContain('{{firstName}}');
    expect(view.component.completedAt).not.toBeNull();
    // Read again: the same chat, no new provider call.
    const again = (await learn('GET', '/feedback/reflection-feedback')).json();
    expect(again.chat.id).toBe(view.chat.id);
    expect(fake.calls).toHaveLength(1);
    const refused = await learn('POST', '/chat/reflection-feedback', { message: 'Thanks' });
    expect(refused.statusCode).toBe(404);
  });

  it('a Chat template takes the member’s messages, stores saved goals and completes with the first message', async () => {
    const { learn } = await learner('chatter@example.test');
    const opened = (await learn('GET', '/chat/leadership-coach-chat')).json();
    expect(opened).toMatchObject({ canSend: true, chat: { locked: false } });
    expect(opened.component.completedAt).toBeNull();
    expect(fake.calls[0]!.body.tools.map((x: { function: { name: string } }) => x.function.name)).toEqual([
      'save_goal',
      'update_goal',
    ]);

    fake.script({
      body: completion({
        content: 'Saved it!',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: {
              name: 'save_goal',
              arguments: JSON.stringify({
                title: 'Speak twice',
                description: 'At chapter meetings',
                dueDate: '2026-12-20',
              }),
            },
          },
        ],
      }),
    });
    const sent = await learn('POST', '/chat/leadership-coach-chat', { message: 'I want to speak in public' });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    expect(body.chat.messages.map((m: { userInput: string }) => m.userInput).at(-1)).toBe('I want to speak in public');
    expect(body.chat.goals).toMatchObject([
      { title: 'Speak twice', description: 'At chapter meetings', dueDate: '2026-12-20' },
    ]);
    expect(body.component).toMatchObject({ xpAwarded: 10 });
    expect(body.component.completedAt).not.toBeNull();
    // The whole conversation goes to the model with the new message last.
    expect(userMessages(1).at(-1)).toBe('I want to speak in public');

    fake.script({
      body: completion({
        content: null,
        tool_calls: [
          {
            id: 'call_2',
            type: 'function',
            function: {
              name: 'update_goal',
              arguments: JSON.stringify({ title: 'Speak three times', description: 'At meetings', dueDate: '' }),
            },
          },
        ],
      }),
    });
    const updated = (await learn('POST', '/chat/leadership-coach-chat', { message: 'Make it three' })).json();
    expect(updated.chat.goals).toMatchObject([{ title: 'Speak three times', dueDate: '' }]);
    expect(updated.chat.messages.at(-1).aiResponse).toBe('Goal updated: Speak three times');
    expect(updated.component.xpAwarded).toBe(10);

    const empty = await learn('POST', '/chat/leadership-coach-chat', { message: '  ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, AI_CHAT_MESSAGES.messageRequired]);
    expect((await learn('POST', '/chat/leadership-coach-chat', { locked: true })).json()).toMatchObject({
      canSend: false,
      chat: { locked: true },
    });
    const locked = await learn('POST', '/chat/leadership-coach-chat', { message: 'One more' });
    expect([locked.statusCode, locked.json().message]).toEqual([409, AI_CHAT_MESSAGES.locked]);
  });

  it('goal creation answers JSON of its schema, stored as goals; a message to it is refused', async () => {
    const { learn } = await learner('goals@example.test');
    fake.answerJson({
      goals: [
        {
          title: 'Join a committee',
          description: 'Serve the chapter',
          targetDate: '2027-01-31',
          steps: ['Ask the president'],
        },
      ],
    });
    const view = (await learn('GET', '/goal/set-your-goal')).json();
    expect(view.template).toMatchObject({ type: 'Programmatic' });
    expect(view.chat.goals).toMatchObject([
      { title: 'Join a committee', dueDate: '2027-01-31', steps: ['Ask the president'] },
    ]);
    expect(JSON.parse(view.chat.messages[0].aiResponse).goals[0].title).toBe('Join a committee');
    const refused = await learn('POST', '/goal/set-your-goal', { message: 'More please' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, LEARN_MESSAGES.aiAnswersOnce]);
  });

  it('two first reads at once keep one chat; a provider failure is a 502 and nothing is kept', async () => {
    const { learn } = await learner('racer-ai@example.test');
    fake.answerJson({ tasks: [] });
    const both = await Promise.all([learn('GET', '/task/plan-your-tasks'), learn('GET', '/task/plan-your-tasks')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().chat.id).toBe(both[1]!.json().chat.id);
    const { count } = await t.db
      .selectFrom('aiChats')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('id', '=', both[0]!.json().chat.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);

    const other = await learner('failing-ai@example.test');
    fake.script({ status: 400, body: { error: { message: 'model not found' } } });
    const failed = await other.learn('GET', '/feedback/reflection-feedback');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toContain('model not found');
    const after = await other.learn('GET', '/feedback/reflection-feedback');
    expect(after.statusCode).toBe(200);
    expect(after.json().chat.messages).toHaveLength(1);
  });

  it('a step without a template says so', async () => {
    const { learn } = await learner('notemplate@example.test');
    await t.db
      .updateTable('programComponents')
      .set({ aiTemplateId: null })
      .where('slug', '=', 'plan-your-tasks')
      .execute();
    const res = await learn('GET', '/task/plan-your-tasks');
    expect([res.statusCode, res.json().message]).toEqual([409, LEARN_MESSAGES.aiNoTemplate]);
  });
});
