import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A scripted answer: status and body (a string is sent as is, so it can be malformed), or a hang. */
export type FakeAnswer = { status?: number; body?: unknown; headers?: Record<string, string>; hang?: boolean };
/** A request the fake received; the body parsed as JSON (undefined when empty, malformed or not JSON) and as sent. */
export type FakeCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
  body: any;
  raw: string;
  headers: IncomingMessage['headers'];
};

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

const parseJson = (raw: string): unknown => {
  try {
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * For tests: a JSON HTTP server on 127.0.0.1 (node:http) standing in for a provider's API, the base of
 * the AI chat and AI video fakes. Every request is recorded in `calls` (its API key read by `apiKey`)
 * and answered by the answers scripted for its `'METHOD /path'`, in order, then by `answer` (which may take
 * its time: a hosted page that calls back before it answers, say).
 */
export async function startFakeHttpServer(
  answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>,
  apiKey: (headers: IncomingMessage['headers']) => string | undefined,
) {
  const calls: FakeCall[] = [];
  const scripted = new Map<string, FakeAnswer[]>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readText(req).catch(() => '');
    const call: FakeCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      apiKey: apiKey(req.headers),
      body: parseJson(raw),
      raw,
      headers: req.headers,
    };
    calls.push(call);
    const a: FakeAnswer = await (async () =>
      scripted.get(`${call.method} ${call.path}`)?.shift() ?? answer(call))().catch((error: unknown) => ({
      status: 500,
      body: { error: { message: String(error) } },
    }));
    if (a.hang) return; // never answers: the client's timeout decides
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers });
    res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Answers queued for `'METHOD /path'`, used in order before the normal answer. */
    script: (route: string, ...answers: FakeAnswer[]) =>
      void scripted.set(route, [...(scripted.get(route) ?? []), ...answers]),
    /** Forgets the calls and the answers still queued. */
    reset: () => {
      calls.length = 0;
      scripted.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
