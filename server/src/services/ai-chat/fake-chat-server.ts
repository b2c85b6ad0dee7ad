import { startFakeHttpServer, type FakeAnswer, type FakeCall } from '../../test/fake-http-server.js';

/** An OpenAI chat completion whose message is `message`. */
export const completion = (message: Record<string, unknown>) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 0,
  model: 'fake-model',
  choices: [
    { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: null, refusal: null, ...message } },
  ],
});

const COMPLETIONS = 'POST /chat/completions';

/**
 * For tests: an OpenAI-compatible server on 127.0.0.1 (node:http) answering POST /chat/completions. By
 * default it answers `Echo: <last user message>`, or `json` (as the content) when a json_schema is asked
 * for; `script(...)` queues answers used first.
 */
export async function startFakeChatServer() {
  const state = { json: {} as unknown };

  function normal({ method, path, body }: FakeCall): FakeAnswer {
    if (`${method} ${path}` !== COMPLETIONS) return { status: 404, body: { error: { message: `No route ${path}` } } };
    if (body?.response_format?.type === 'json_schema')
      return { body: completion({ content: JSON.stringify(state.json) }) };
    const users = (body?.messages ?? []).filter((m: { role: string }) => m.role === 'user');
    return { body: completion({ content: `Echo: ${users.at(-1)?.content ?? ''}` }) };
  }

  const server = await startFakeHttpServer(normal, (headers) => headers.authorization?.replace(/^Bearer /, ''));
  return {
    ...server,
    /** Answers used in order before the normal one. */
    script: (...answers: FakeAnswer[]) => server.script(COMPLETIONS, ...answers),
    /** What a structured-output call answers by default. */
    answerJson: (json: unknown) => (state.json = json),
    reset: () => {
      server.reset();
      state.json = {};
    },
  };
}
export type FakeChatServer = Awaited<ReturnType<typeof startFakeChatServer>>;
