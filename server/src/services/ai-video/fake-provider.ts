import { startFakeHttpServer, type FakeAnswer, type FakeCall } from '../../test/fake-http-server.js';

type FakeVideo = {
  status: 'pending' | 'processing' | 'completed' | 'failed';
  templateId: string;
  title: string;
  variables: unknown;
  error?: string;
};

/**
 * For tests: HeyGen's template API on 127.0.0.1 (node:http), with templates, rendered videos and a queue
 * of scripted answers per route (`script('GET /v2/templates', {status: 429}, ...)`) used before its normal
 * answer. `videos` can be moved on by hand (`finish(id)`, `fail(id)`).
 */
export async function startFakeProvider() {
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

  function normal({ method, path, query, body }: FakeCall): FakeAnswer {
    if (method === 'GET' && path === '/v2/templates') return { body: { error: null, data: { templates } } };
    const tpl = /^\/v2\/template\/([^/]+)(\/generate)?$/.exec(path);
    if (tpl && method === 'GET' && !tpl[2]) {
      const vars = variables[decodeURIComponent(tpl[1]!)];
      return vars
        ? { body: { error: null, data: { variables: vars } } }
        : { status: 404, body: { error: { code: 'not_found', message: 'Template not found' } } };
    }
    if (tpl && method === 'POST' && tpl[2]) {
      const id = `vid_${++n}`;
      videos.set(id, {
        status: 'processing',
        templateId: decodeURIComponent(tpl[1]!),
        title: body?.title,
        variables: body?.variables,
      });
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
            error:
              v.status === 'failed'
                ? { code: 'render', message: 'Render failed', detail: v.error ?? 'Render failed' }
                : null,
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

  const server = await startFakeHttpServer(normal, (headers) => headers['x-api-key'] as string | undefined);
  return {
    ...server,
    videos,
    finish: (id: string) => (videos.get(id)!.status = 'completed'),
    fail: (id: string, error = 'Avatar unavailable') => Object.assign(videos.get(id)!, { status: 'failed', error }),
  };
}
export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
