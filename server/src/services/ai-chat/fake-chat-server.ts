import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A scripted answer: status and body (a string is sent as is, so it can be malformed), or a hang. */
export type FakeChatAnswer = { status?: number; body?: unknown; headers?: Record<string, string>; hang?: boolean };
export type FakeChatCall = { path: string; apiKey: string | undefined; body: any };

/** An OpenAI chat completion whose message is `message`. */
export const completion = (message: Record<string, unknown>) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 0,
  model: 'fake-model',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: null, refusal: null, ...message } }],
});

/**
 * For tests: an OpenAI-compatible server on 127.0.0.1 (node:http) answering POST /chat/completions. By
 * default it answers `Echo: <last user message>`, or `json` (as the content) when a json_schema is asked
 * for; `script(...)` queues answers used first.
 */
export async function startFakeChatServer() {
  const calls: FakeChatCall[] = [];
  const scripted: FakeChatAnswer[] = [];
  const state = { json: {} as unknown };

  const send = (res: ServerResponse, a: FakeChatAnswer) => {
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers });
    res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body ?? {}));
  };

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    return raw ? JSON.parse(raw) : undefined;
  }

  function normal(path: string, body: any): FakeChatAnswer {
    if (path !== '/chat/completions') return { status: 404, body: { error: { message: `No route ${path}` } } };
    if (body?.response_format?.type === 'json_schema') return { body: completion({ content: JSON.stringify(state.json) }) };
    const users = (body?.messages ?? []).filter((m: { role: string }) => m.role === 'user');
    return { body: completion({ content: `Echo: ${users.at(-1)?.content ?? ''}` }) };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req).catch(() => undefined);
    const auth = req.headers.authorization;
    calls.push({ path: url.pathname, apiKey: auth?.replace(/^Bearer /, ''), body });
    const next = scripted.shift();
    if (next?.hang) return; // never answers: the client's timeout decides
    send(res, next ?? normal(url.pathname, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Answers used in order before the normal one. */
    script: (...answers: FakeChatAnswer[]) => scripted.push(...answers),
    /** What a structured-output call answers by default. */
    answerJson: (json: unknown) => (state.json = json),
    reset: () => {
      calls.length = 0;
      scripted.length = 0;
      state.json = {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeChatServer = Awaited<ReturnType<typeof startFakeChatServer>>;
