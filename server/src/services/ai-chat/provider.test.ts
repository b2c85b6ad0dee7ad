import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { completion, startFakeChatServer, type FakeChatServer } from './fake-chat-server.js';
import { ChatProviderError, chatProviderFrom, createChatProvider, type ChatProvider } from './provider.js';

let fake: FakeChatServer;
let provider: ChatProvider;
// The package honours retry-after-ms, so retries in these tests wait 1 ms.
const quick = { 'retry-after-ms': '1' };

beforeAll(async () => {
  fake = await startFakeChatServer();
  provider = createChatProvider({
    baseUrl: fake.url,
    apiKey: 'key-1',
    model: 'test-model',
    timeoutMs: 300,
    retries: 2,
  });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChatProviderError);
  return err as ChatProviderError;
};
const ask = (content = 'Hello') =>
  provider.complete({
    messages: [
      { role: 'system', content: 'Be brief' },
      { role: 'user', content },
    ],
  });

describe('the OpenAI-compatible chat adapter', () => {
  it('is not configured without AI_API_KEY; defaults to the OpenAI API', () => {
    expect(chatProviderFrom(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
    const config = loadConfig({ NODE_ENV: 'test', AI_API_KEY: 'k' });
    expect(config.AI_BASE_URL).toBe('https://api.openai.com/v1');
    expect(chatProviderFrom(config)).not.toBeNull();
  });

  it('sends the model, the messages and the bearer key, and answers the text', async () => {
    expect(await ask('Hi there')).toEqual({ text: 'Echo: Hi there', json: null, toolCalls: [] });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      path: '/chat/completions',
      apiKey: 'key-1',
      body: {
        model: 'test-model',
        messages: [
          { role: 'system', content: 'Be brief' },
          { role: 'user', content: 'Hi there' },
        ],
      },
    });
    expect(fake.calls[0]!.body.response_format).toBeUndefined();
    expect(fake.calls[0]!.body.tools).toBeUndefined();
  });

  it('asks for structured output by JSON schema and parses the JSON', async () => {
    fake.answerJson({ summary: 'ok' });
    const schema = {
      type: 'object',
      properties: { summary: { type: 'string' } },
      required: ['summary'],
      additionalProperties: false,
    };
    const answer = await provider.complete({
      messages: [{ role: 'user', content: 'x' }],
      jsonSchema: { name: 'resume_summary', schema },
    });
    expect(answer).toEqual({ text: null, json: { summary: 'ok' }, toolCalls: [] });
    expect(fake.calls[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'resume_summary', schema, strict: true },
    });
  });

  it('offers the save_goal and update_goal functions and reads the calls', async () => {
    fake.script({
      body: completion({
        content: 'Saved!',
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'save_goal', arguments: '{"title":"Run","description":"a 5k","dueDate":""}' },
          },
        ],
      }),
    });
    const answer = await provider.complete({
      messages: [{ role: 'user', content: 'x' }],
      tools: ['save_goal', 'update_goal'],
    });
    expect(answer.toolCalls).toEqual([
      { name: 'save_goal', arguments: { title: 'Run', description: 'a 5k', dueDate: '' } },
    ]);
    expect(answer.text).toBe('Saved!');
    expect(fake.calls[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'save_goal',
      'update_goal',
    ]);
  });

  it('retries a 429 and a 5xx, then answers', async () => {
    fake.script(
      { status: 429, headers: quick, body: { error: { message: 'Slow down' } } },
      { status: 503, headers: quick, body: { error: { message: 'Overloaded' } } },
    );
    expect((await ask()).text).toBe('Echo: Hello');
    expect(fake.calls).toHaveLength(3);
  });

  it('gives up after the retries with a clear message', async () => {
    fake.script(...[1, 2, 3].map(() => ({ status: 500, headers: quick, body: { error: { message: 'Boom' } } })));
    expect((await failure(ask())).message).toBe('The AI provider failed (500): Boom');
    expect(fake.calls).toHaveLength(3);
    fake.reset();
    fake.script(...[1, 2, 3].map(() => ({ status: 429, headers: quick, body: {} })));
    expect((await failure(ask())).message).toBe('The AI provider is busy (429); try again later');
  });

  it('does not retry a refusal, and says why', async () => {
    fake.script({ status: 401, body: { error: { message: 'Incorrect API key' } } });
    const err = await failure(ask());
    expect(err.message).toBe('The AI provider refused the request (401): the API key was refused');
    expect(fake.calls).toHaveLength(1);
    fake.script({ status: 400, body: { error: { message: "Invalid schema for response_format 'x'" } } });
    expect((await failure(ask())).message).toBe(
      "The AI provider refused the request (400): Invalid schema for response_format 'x'",
    );
  });

  it('times out a provider that does not answer', async () => {
    const once = createChatProvider({ baseUrl: fake.url, apiKey: 'k', model: 'm', timeoutMs: 200, retries: 0 });
    fake.script({ hang: true });
    expect((await failure(once.complete({ messages: [{ role: 'user', content: 'x' }] }))).message).toBe(
      'The AI provider did not answer within 0.2 s',
    );
  });

  it('reports an unreachable provider', async () => {
    const nowhere = createChatProvider({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 500,
      retries: 0,
    });
    expect((await failure(nowhere.complete({ messages: [{ role: 'user', content: 'x' }] }))).message).toMatch(
      /^The AI provider could not be reached/,
    );
  });

  it('reports malformed answers', async () => {
    fake.script({ body: 'not json at all' });
    expect((await failure(ask())).message).toMatch(/^The AI provider sent an answer that could not be read/);
    fake.script({ body: { id: 'x', choices: [] } });
    expect((await failure(ask())).message).toBe('The AI provider sent an answer that could not be read (no choices)');
    fake.script({ body: completion({ content: '{"summary": ' }) });
    const schema = { type: 'object' };
    expect(
      (
        await failure(
          provider.complete({ messages: [{ role: 'user', content: 'x' }], jsonSchema: { name: 's', schema } }),
        )
      ).message,
    ).toBe('The AI provider sent an answer that could not be read (the content is not JSON)');
    fake.script({
      body: completion({
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'save_goal', arguments: '{oops' } }],
      }),
    });
    expect((await failure(ask())).message).toBe(
      'The AI provider sent an answer that could not be read (the save_goal arguments are not JSON)',
    );
  });
});
