import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { AI_JSON_SCHEMAS, type AiChatTemplateInput } from '@app/contract';
import { seedAiChats } from '../../../../scripts/seed/ai-chat.js';
import { buildApp } from '../../app.js';
import { localStorage } from '../../plugins/storage.js';
import { startFakeChatServer, type FakeChatServer } from '../../services/ai-chat/fake-chat-server.js';
import { seedTokenSubjects } from '../../test/token-fixtures.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let fake: FakeChatServer;
let admin: string;
let memberA: string;
let memberB: string;
let seededMemberId: number;
let bare: Awaited<ReturnType<typeof buildApp>>;

const T = '/api/admin/ai-template';
const doc = (...lines: string[]) => ({
  type: 'doc' as const,
  content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

async function call(opts: InjectOptions & { cookie?: string }) {
  const { cookie = admin, ...rest } = opts;
  const res = await t.app.inject({ ...rest, headers: { cookie } });
  return Object.assign(res, { json: () => JSON.parse(res.body) });
}

const template = (over: Partial<AiChatTemplateInput> = {}): AiChatTemplateInput => ({
  name: 'Coach',
  type: 'Chat',
  userPrompt: doc('Hello, I am {{firstName}} from {{schoolName}}.'),
  developerPrompt: doc('You coach {{firstName}}.'),
  useEmojis: true,
  functionCalls: ['save_goal'],
  jsonSchema: null,
  ...over,
});

async function create(over: Partial<AiChatTemplateInput> = {}) {
  const res = await call({ method: 'POST', url: T, payload: template(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let components = 0;
/** A template that is the AI template of a component of a program (members may chat only on those). */
async function createInProgram(over: Partial<AiChatTemplateInput> = {}) {
  const tpl = await create(over);
  const n = ++components;
  const { id: programId } = await t.db
    .insertInto('programs')
    .values({ name: `Chat program ${n}`, slug: `chat-program-${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: sectionId } = await t.db
    .insertInto('programSections')
    .values({ programId, name: 'Week 1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('programComponents')
    .values({
      programId,
      sectionId,
      name: `Chat ${n}`,
      slug: `chat-${n}`,
      componentType: 'chat',
      xp: 0,
      aiTemplateId: tpl.id,
    })
    .execute();
  return tpl;
}

beforeAll(async () => {
  fake = await startFakeChatServer();
  t = await createTestApp({
    AI_API_KEY: 'chat-key',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'test-model',
    AI_RETRIES: '0',
    AI_TIMEOUT_MS: '2000',
  });
  bare = await buildApp({
    config: { ...t.config, AI_API_KEY: undefined },
    db: t.db,
    storage: localStorage(t.config.DATA_DIR),
  });
  await bare.ready();
  admin = await t.signIn();
  memberA = await t.signIn({ admin: false });
  memberB = await t.signIn({ admin: false });
  ({ memberId: seededMemberId } = await seedTokenSubjects(t.db));
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await bare?.close();
  await t?.close();
  await fake?.close();
});

describe('AI chat templates', () => {
  it('creates, reads, lists, updates and deletes a template', async () => {
    const created = await create();
    expect(created).toMatchObject({
      name: 'Coach',
      type: 'Chat',
      useEmojis: true,
      functionCalls: ['save_goal'],
      jsonSchema: null,
      userPrompt: template().userPrompt,
    });
    expect((await call({ method: 'GET', url: `${T}/${created.id}` })).json()).toEqual(created);
    const list = (await call({ method: 'GET', url: `${T}?search=coach&type=Chat` })).json();
    expect(list.items.map((i: { id: number }) => i.id)).toContain(created.id);
    const updated = await call({
      method: 'PATCH',
      url: `${T}/${created.id}`,
      payload: template({ name: 'Coach 2', functionCalls: ['save_goal', 'update_goal'] }),
    });
    expect(updated.json()).toMatchObject({ name: 'Coach 2', functionCalls: ['save_goal', 'update_goal'] });
    expect((await call({ method: 'DELETE', url: `${T}/${created.id}` })).statusCode).toBe(204);
    expect((await call({ method: 'GET', url: `${T}/${created.id}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${T}/${created.id}` })).statusCode).toBe(404);
  });

  it("says 'Name is required' and refuses unknown tokens", async () => {
    const res = await call({ method: 'POST', url: T, payload: template({ name: '  ' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name is required');
    const bad = await call({
      method: 'POST',
      url: T,
      payload: template({ developerPrompt: doc('Hi {{favouriteColour}}') }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: ['developerPrompt'], message: 'Unknown token {{favouriteColour}}' });
  });

  it('applies the type rules (spec 03 §4) on save', async () => {
    const programmatic = await create({
      type: 'Programmatic',
      useEmojis: true,
      functionCalls: ['save_goal', 'update_goal'],
      jsonSchema: 'Resume Summary Schema',
    });
    expect(programmatic).toMatchObject({ useEmojis: false, functionCalls: [], jsonSchema: 'Resume Summary Schema' });
    const feedback = await create({
      type: 'Feedback',
      useEmojis: true,
      functionCalls: ['update_goal'],
      jsonSchema: 'Goal Creation Schema',
    });
    expect(feedback).toMatchObject({ useEmojis: true, functionCalls: [], jsonSchema: null });
    const chat = await create({ type: 'Chat', jsonSchema: 'Task Creation Schema' });
    expect(chat).toMatchObject({ jsonSchema: null, functionCalls: ['save_goal'] });
    // The programs area's component form lists templates by type from this table.
    const form = (await call({ method: 'GET', url: '/api/admin/program-component/form' })).json();
    expect(form.aiGoalList.map((o: { value: string }) => o.value)).toContain('Coach');
  });

  it('answers the tokens, the schemas and whether the provider is configured', async () => {
    const form = (await call({ method: 'GET', url: `${T}/form` })).json();
    expect(form).toMatchObject({ configured: true, message: null, syntax: '{{tokenId}}' });
    expect(form.tokens.map((tk: { id: string }) => tk.id)).toEqual(expect.arrayContaining(['firstName', 'schoolName']));
    expect(form.jsonSchemas.map((s: { name: string }) => s.name)).toEqual([
      'Goal Creation Schema',
      'Task Creation Schema',
      'Resume Analysis Schema',
      'Resume Summary Schema',
    ]);
    const res = await bare.inject({ method: 'GET', url: `${T}/form`, headers: { cookie: admin } });
    expect(JSON.parse(res.body)).toMatchObject({
      configured: false,
      message: 'The AI provider is not configured (set AI_API_KEY)',
    });
  });
});

describe('previews', () => {
  const body = {
    aiTemplateType: 'Feedback',
    userPrompt: doc('Write to {{firstName}} at {{schoolName}}'),
    developerPrompt: doc('Be kind to {{firstName}}'),
    useEmojis: false,
  };

  it('custom: sends the prompts with the given token values and answers the text', async () => {
    const res = await call({
      method: 'POST',
      url: `${T}/preview/custom`,
      payload: { ...body, tokenValues: { firstName: 'Zoe' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ textResponse: 'Echo: Write to Zoe at {{schoolName}}', jsonResponse: null });
    expect(fake.calls[0]!.apiKey).toBe('chat-key');
    expect(fake.calls[0]!.body.model).toBe('test-model');
    expect(fake.calls[0]!.body.messages).toEqual([
      { role: 'system', content: 'Be kind to Zoe\n\nDo not use emojis.' },
      { role: 'user', content: 'Write to Zoe at {{schoolName}}' },
    ]);
  });

  it("account: resolves the account's tokens; 'Account is required'", async () => {
    const res = await call({
      method: 'POST',
      url: `${T}/preview/account`,
      payload: { ...body, accountId: seededMemberId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().textResponse).toBe('Echo: Write to Ada at Northwood University');
    const missing = await call({ method: 'POST', url: `${T}/preview/account`, payload: body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Account is required');
    const unknown = await call({
      method: 'POST',
      url: `${T}/preview/account`,
      payload: { ...body, accountId: 999_999 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('Programmatic: asks for the JSON schema and validates the answer', async () => {
    const payload = {
      ...body,
      aiTemplateType: 'Programmatic',
      useEmojis: true,
      jsonSchema: 'Resume Summary Schema',
      tokenValues: {},
    };
    fake.answerJson({ headline: 'Engineer', summary: 'Builds things', skills: ['TypeScript'] });
    const res = await call({ method: 'POST', url: `${T}/preview/custom`, payload });
    expect(res.json()).toEqual({
      textResponse: null,
      jsonResponse: { headline: 'Engineer', summary: 'Builds things', skills: ['TypeScript'] },
    });
    expect(fake.calls[0]!.body.response_format.json_schema).toMatchObject({
      name: 'resume_summary',
      schema: AI_JSON_SCHEMAS['Resume Summary Schema'].schema,
    });
    // Programmatic has no emoji instruction.
    expect(fake.calls[0]!.body.messages[0].content).toBe('Be kind to {{firstName}}');
    fake.answerJson({ headline: 'Engineer', skills: 'TypeScript' });
    const bad = await call({ method: 'POST', url: `${T}/preview/custom`, payload });
    expect(bad.statusCode).toBe(502);
    expect(bad.json()).toEqual({
      message: 'The AI answer does not match the Resume Summary Schema',
      detail: 'missing summary',
    });
  });

  it('turns provider errors into clear messages; not configured is a 409', async () => {
    fake.script({ status: 500, body: { error: { message: 'Model crashed' } } });
    const res = await call({ method: 'POST', url: `${T}/preview/custom`, payload: body });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The AI provider failed (500): Model crashed');
    const off = await bare.inject({
      method: 'POST',
      url: `${T}/preview/custom`,
      payload: body,
      headers: { cookie: admin },
    });
    expect(off.statusCode).toBe(409);
    expect(JSON.parse(off.body).message).toBe('The AI provider is not configured (set AI_API_KEY)');
  });

  it('is for admins only', async () => {
    expect(
      (await call({ method: 'POST', url: `${T}/preview/custom`, payload: body, cookie: memberA })).statusCode,
    ).toBe(403);
  });
});

describe('member chats', () => {
  it('starts a chat, sends messages with the history, lists it for staff, and locks it', async () => {
    const tpl = await createInProgram({ name: 'Goal coach' });
    const start = await call({
      method: 'POST',
      url: '/api/member/ai-chat',
      payload: { templateId: tpl.id },
      cookie: memberA,
    });
    expect(start.statusCode, start.body).toBe(201);
    const { chat, reply } = start.json();
    expect(chat).toMatchObject({
      locked: false,
      template: { id: tpl.id, type: 'Chat' },
      account: { name: 'Max Tester' },
    });
    // A token the member has no value for is left out of their chat (a preview keeps it as written).
    expect(reply).toMatchObject({ userInput: 'Hello, I am Max from .', aiResponse: 'Echo: Hello, I am Max from .' });
    expect(fake.calls[0]!.body.tools.map((x: { function: { name: string } }) => x.function.name)).toEqual([
      'save_goal',
    ]);

    fake.script({
      body: {
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'c',
                  type: 'function',
                  function: { name: 'save_goal', arguments: '{"title":"Run a 5k","description":"d","dueDate":""}' },
                },
              ],
            },
          },
        ],
      },
    });
    const sent = await call({
      method: 'PATCH',
      url: `/api/member/ai-chat/${chat.id}`,
      payload: { message: 'I want to run' },
      cookie: memberA,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      reply: { userInput: 'I want to run', aiResponse: 'Goal saved: Run a 5k' },
      functionCalls: [{ name: 'save_goal', arguments: { title: 'Run a 5k' } }],
    });
    expect(fake.calls[1]!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello, I am Max from .' },
      { role: 'assistant', content: 'Echo: Hello, I am Max from .' },
      { role: 'user', content: 'I want to run' },
    ]);

    const list = (await call({ method: 'GET', url: `${T}/${tpl.id}/list` })).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        id: chat.id,
        messageCount: 2,
        locked: false,
        account: expect.objectContaining({ name: 'Max Tester' }),
      }),
    ]);
    expect(list.items[0].lastMessageAt).toEqual(expect.any(String));
    const conversation = (await call({ method: 'GET', url: `/api/admin/ai-chat/${chat.id}` })).json();
    expect(conversation.messages.map((m: { userInput: string }) => m.userInput)).toEqual([
      'Hello, I am Max from .',
      'I want to run',
    ]);

    const locked = await call({
      method: 'PATCH',
      url: `/api/member/ai-chat/${chat.id}`,
      payload: { locked: true },
      cookie: memberA,
    });
    expect(locked.json().chat.locked).toBe(true);
    const refused = await call({
      method: 'PATCH',
      url: `/api/member/ai-chat/${chat.id}`,
      payload: { message: 'More?' },
      cookie: memberA,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This chat is locked: it takes no new messages');
  });

  it('a member sees only their own chats; Feedback answers once and locks', async () => {
    const tpl = await createInProgram({ name: 'Feedback', type: 'Feedback' });
    const start = await call({
      method: 'POST',
      url: '/api/member/ai-chat',
      payload: { templateId: tpl.id },
      cookie: memberA,
    });
    const { chat } = start.json();
    expect(chat.locked).toBe(true);
    const other = await call({
      method: 'PATCH',
      url: `/api/member/ai-chat/${chat.id}`,
      payload: { message: 'Hi' },
      cookie: memberB,
    });
    expect(other.statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/admin/ai-chat/${chat.id}`, cookie: memberA })).statusCode).toBe(403);
    const missing = await call({ method: 'POST', url: '/api/member/ai-chat', payload: {}, cookie: memberA });
    expect(missing.json().message).toBe('Template is required');
  });

  it('a provider failure stores nothing', async () => {
    const tpl = await createInProgram({ name: 'Fragile' });
    fake.script({ status: 400, body: { error: { message: 'Context too long' } } });
    const res = await call({
      method: 'POST',
      url: '/api/member/ai-chat',
      payload: { templateId: tpl.id },
      cookie: memberA,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The AI provider refused the request (400): Context too long');
    expect((await call({ method: 'GET', url: `${T}/${tpl.id}/list` })).json().items).toEqual([]);
  });
});

describe('member chats are bounded (the review)', () => {
  it("refuses a chat on a staff template that is no program component's, as a missing one", async () => {
    const staffOnly = await create({ name: 'Staff draft' });
    const res = await call({
      method: 'POST',
      url: '/api/member/ai-chat',
      payload: { templateId: staffOnly.id },
      cookie: memberA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('AI chat template not found');
    const missing = await call({
      method: 'POST',
      url: '/api/member/ai-chat',
      payload: { templateId: 2_000_000 },
      cookie: memberA,
    });
    expect(missing.json()).toEqual(res.json());
    expect(fake.calls).toEqual([]);
    expect((await call({ method: 'GET', url: `${T}/${staffOnly.id}/list` })).json().items).toEqual([]);
  });

  it('refuses a message over 10000 characters', async () => {
    const tpl = await createInProgram({ name: 'Long talk' });
    const { chat } = (
      await call({ method: 'POST', url: '/api/member/ai-chat', payload: { templateId: tpl.id }, cookie: memberA })
    ).json();
    const res = await call({
      method: 'PATCH',
      url: `/api/member/ai-chat/${chat.id}`,
      payload: { message: 'x'.repeat(10_001) },
      cookie: memberA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A message must be 10000 characters or less');
  });

  it('sends the provider the first and the latest exchanges only, 10 in all', async () => {
    const tpl = await createInProgram({ name: 'Marathon' });
    const cookie = await t.signIn({ admin: false });
    const { chat } = (
      await call({ method: 'POST', url: '/api/member/ai-chat', payload: { templateId: tpl.id }, cookie })
    ).json();
    for (let i = 1; i <= 14; i++) {
      const res = await call({
        method: 'PATCH',
        url: `/api/member/ai-chat/${chat.id}`,
        payload: { message: `m${i}` },
        cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const last = fake.calls.at(-1)!.body.messages as { role: string; content: string }[];
    const users = last.filter((m) => m.role === 'user').map((m) => m.content);
    // The prompt, m5..m13 (9 latest earlier exchanges), then the new message m14.
    expect(users).toEqual(['Hello, I am Max from .', ...Array.from({ length: 9 }, (_, i) => `m${i + 5}`), 'm14']);
    expect(last.filter((m) => m.role === 'assistant')).toHaveLength(10);
  });

  it('answers 429 with a readable message past AI_MEMBER_DAILY_MESSAGES in 24 hours', async () => {
    const limited = await createTestApp({
      AI_API_KEY: 'chat-key',
      AI_BASE_URL: fake.url,
      AI_RETRIES: '0',
      AI_MEMBER_DAILY_MESSAGES: '3',
    });
    try {
      const staff = await limited.signIn();
      const member = await limited.signIn({ admin: false });
      const req = async (opts: InjectOptions & { cookie: string }) => {
        const { cookie, ...rest } = opts;
        const res = await limited.app.inject({ ...rest, headers: { cookie } });
        return Object.assign(res, { json: () => JSON.parse(res.body) });
      };
      const tpl = (await req({ method: 'POST', url: T, payload: template({ name: 'Daily' }), cookie: staff })).json();
      const { id: programId } = await limited.db
        .insertInto('programs')
        .values({ name: 'Daily', slug: 'daily' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: sectionId } = await limited.db
        .insertInto('programSections')
        .values({ programId, name: 'W' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await limited.db
        .insertInto('programComponents')
        .values({
          programId,
          sectionId,
          name: 'Daily',
          slug: 'daily',
          componentType: 'chat',
          xp: 0,
          aiTemplateId: tpl.id,
        })
        .execute();

      const start = await req({
        method: 'POST',
        url: '/api/member/ai-chat',
        payload: { templateId: tpl.id },
        cookie: member,
      });
      expect(start.statusCode, start.body).toBe(201);
      const chatId = start.json().chat.id;
      for (const message of ['one', 'two'])
        expect(
          (await req({ method: 'PATCH', url: `/api/member/ai-chat/${chatId}`, payload: { message }, cookie: member }))
            .statusCode,
        ).toBe(200);
      const calls = fake.calls.length;
      const over = await req({
        method: 'PATCH',
        url: `/api/member/ai-chat/${chatId}`,
        payload: { message: 'three' },
        cookie: member,
      });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(
        'You have sent the 3 AI chat messages allowed in a day. Please try again tomorrow.',
      );
      const again = await req({
        method: 'POST',
        url: '/api/member/ai-chat',
        payload: { templateId: tpl.id },
        cookie: member,
      });
      expect(again.statusCode).toBe(429);
      expect(fake.calls.length).toBe(calls);
      // Another member has their own allowance; a day later the first one has theirs back.
      const other = await limited.signIn({ admin: false });
      expect(
        (await req({ method: 'POST', url: '/api/member/ai-chat', payload: { templateId: tpl.id }, cookie: other }))
          .statusCode,
      ).toBe(201);
      await limited.db
        .updateTable('aiChatMessages')
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where('chatId', '=', chatId)
        .execute();
      expect(
        (
          await req({
            method: 'PATCH',
            url: `/api/member/ai-chat/${chatId}`,
            payload: { message: 'three' },
            cookie: member,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the demo seed', () => {
  it('adds one template of each type that the type rules accept, and a chat; once', async () => {
    expect(await seedAiChats(t.db)).toBe(8);
    expect(await seedAiChats(t.db)).toBe(0);
    const list = (await call({ method: 'GET', url: `${T}?search=${encodeURIComponent('Semester Goals')}` })).json();
    expect(list.items[0]).toMatchObject({
      type: 'Programmatic',
      jsonSchema: 'Goal Creation Schema',
      useEmojis: false,
      functionCalls: [],
    });
  });
});
