import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A scripted answer: status and body (a string is sent as is, so it can be malformed), or a hang. */
export type FakeAnswer = { status?: number; body?: unknown; headers?: Record<string, string>; hang?: boolean };
export type FakeCall = { method: string; path: string; query: URLSearchParams; apiKey: string | undefined; body: unknown };
type FakeVideo = { status: 'pending' | 'processing' | 'completed' | 'failed'; templateId: string; title: string; variables: unknown; error?: string };

/**
 * For tests: HeyGen's template API on 127.0.0.1 (node:http), with templates, rendered videos and a queue
 * of scripted answers per route (`script('GET /v2/templates', {status: 429}, ...)`) used before its normal
 * answer. `videos` can be moved on by hand (`finish(id)`, `fail(id)`).
 */
export async function startFakeProvider() {
  const calls: FakeCall[] = [];
  const scripted = new Map<string, FakeAnswer[]>();
  const videos = new Map<string, FakeVideo>();
  const templates = [
    { template_id: 'tpl_welcome', name: 'Welcome video', thumbnail_image_url: 'https://files.example/welcome.png' },
    { template_id: 'tpl_congrats', name: 'Congratulations', thumbnail_image_url: null },
  ];
  const variables: Record<string, Record<string, { name: string; type: string; properties: object }>> = {
    tpl_welcome: {
      first_name: { name: 'first_name', type: 'text', properties: { content: '' } },
      school: { name: 'school', type: 'text', properties: { content: '' } },
    },
    tpl_congrats: { name: { name: 'name', type: 'text', properties: { content: '' } } },
  };
  let n = 0;

  const send = (res: ServerResponse, a: FakeAnswer) => {
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers });
    res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body ?? {}));
  };

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    return raw ? JSON.parse(raw) : undefined;
  }

  function normal(method: string, path: string, query: URLSearchParams, body: any): FakeAnswer {
    if (method === 'GET' && path === '/v2/templates') return { body: { error: null, data: { templates } } };
    const tpl = /^\/v2\/template\/([^/]+)(\/generate)?$/.exec(path);
    if (tpl && method === 'GET' && !tpl[2]) {
      const vars = variables[decodeURIComponent(tpl[1]!)];
      return vars ? { body: { error: null, data: { variables: vars } } } : { status: 404, body: { error: { code: 'not_found', message: 'Template not found' } } };
    }
    if (tpl && method === 'POST' && tpl[2]) {
      const id = `vid_${++n}`;
      videos.set(id, { status: 'processing', templateId: decodeURIComponent(tpl[1]!), title: body?.title, variables: body?.variables });
      return { body: { error: null, data: { video_id: id } } };
    }
    const id = query.get('video_id') ?? '';
    if (method === 'GET' && path === '/v1/video_status.get') {
      const v = videos.get(id);
      if (!v) return { status: 404, body: { code: 40001, message: 'Video not found' } };
      return {
        body: {
          code: 100,
          data: {
            id,
            status: v.status,
            video_url: v.status === 'completed' ? `https://cdn.example/${id}.mp4?t=${Date.now()}` : null,
            thumbnail_url: v.status === 'completed' ? `https://cdn.example/${id}.jpg` : null,
            error: v.status === 'failed' ? { code: 'render', message: 'Render failed', detail: v.error ?? 'Render failed' } : null,
          },
          message: 'Success',
        },
      };
    }
    if (method === 'DELETE' && path === '/v1/video.delete') {
      if (!videos.delete(id)) return { status: 404, body: { code: 40001, message: 'Video not found' } };
      return { body: { code: 100, data: null, message: 'Success' } };
    }
    return { status: 404, body: { error: { message: `No route ${method} ${path}` } } };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req).catch(() => undefined);
    const key = `${req.method} ${url.pathname}`;
    calls.push({ method: req.method!, path: url.pathname, query: url.searchParams, apiKey: req.headers['x-api-key'] as string | undefined, body });
    const next = scripted.get(key)?.shift();
    if (next?.hang) return; // never answers: the client's timeout decides
    send(res, next ?? normal(req.method!, url.pathname, url.searchParams, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    videos,
    /** Answers queued for `'METHOD /path'`, used in order before the normal answer. */
    script: (route: string, ...answers: FakeAnswer[]) => scripted.set(route, [...(scripted.get(route) ?? []), ...answers]),
    finish: (id: string) => (videos.get(id)!.status = 'completed'),
    fail: (id: string, error = 'Avatar unavailable') => Object.assign(videos.get(id)!, { status: 'failed', error }),
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
export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
