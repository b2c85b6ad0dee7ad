import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startFakeProvider, type FakeProvider } from './fake-provider.js';
import { createVideoProvider, videoProviderFrom, VideoProviderError, type VideoProvider } from './provider.js';

let fake: FakeProvider;
let provider: VideoProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
  provider = createVideoProvider({ baseUrl: fake.url, apiKey: 'key-1', timeoutMs: 300, retries: 2, backoffMs: 5 });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VideoProviderError);
  return err as VideoProviderError;
};

describe('the HeyGen adapter', () => {
  it('is not configured without VIDEO_API_KEY; defaults to api.heygen.com', () => {
    expect(videoProviderFrom(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
    const config = loadConfig({ NODE_ENV: 'test', VIDEO_API_KEY: 'k' });
    expect(config.VIDEO_API_URL).toBe('https://api.heygen.com');
    expect(videoProviderFrom(config)).not.toBeNull();
  });

  it('lists templates and reads a template variables with the X-Api-Key header', async () => {
    expect(await provider.listTemplates()).toEqual([
      { id: 'tpl_welcome', name: 'Welcome video', thumbnailUrl: 'https://files.example/welcome.png' },
      { id: 'tpl_congrats', name: 'Congratulations', thumbnailUrl: null },
    ]);
    expect(await provider.templateVariables('tpl_welcome')).toEqual([
      { name: 'first_name', type: 'text' },
      { name: 'school', type: 'text' },
    ]);
    expect(fake.calls.every((c) => c.apiKey === 'key-1')).toBe(true);
  });

  it('generates with text variables and a callback, reads the status, deletes', async () => {
    const id = await provider.generate('tpl_welcome', {
      title: 'Hi Ada',
      variables: { first_name: 'Ada' },
      callbackUrl: 'https://x.example/cb',
    });
    expect(fake.calls.at(-1)!.body).toEqual({
      title: 'Hi Ada',
      variables: { first_name: { name: 'first_name', type: 'text', properties: { content: 'Ada' } } },
      callback_url: 'https://x.example/cb',
    });
    expect(await provider.videoStatus(id)).toMatchObject({ state: 'processing', videoUrl: null });
    fake.finish(id);
    expect(await provider.videoStatus(id)).toMatchObject({
      state: 'completed',
      videoUrl: expect.stringContaining(`${id}.mp4`),
      error: null,
    });
    await provider.deleteVideo(id);
    expect(fake.videos.has(id)).toBe(false);
    await provider.deleteVideo(id); // already gone: still deleted
  });

  it('reports a failed render with the provider reason', async () => {
    const id = await provider.generate('tpl_congrats', { title: 't', variables: {} });
    fake.fail(id, 'Voice not found');
    expect(await provider.videoStatus(id)).toEqual({
      state: 'failed',
      videoUrl: null,
      thumbnailUrl: null,
      error: 'Voice not found',
    });
  });

  it('retries a 429 (honouring Retry-After) and then succeeds', async () => {
    fake.script('GET /v2/templates', {
      status: 429,
      headers: { 'retry-after': '0' },
      body: { error: { message: 'Rate limited' } },
    });
    expect(await provider.listTemplates()).toHaveLength(2);
    expect(fake.calls.filter((c) => c.path === '/v2/templates')).toHaveLength(2);
  });

  it('gives up after the retries on 5xx with a clear message', async () => {
    fake.script(
      'GET /v2/templates',
      { status: 500, body: { error: { message: 'Internal' } } },
      { status: 502, body: 'Bad gateway' },
      { status: 503, body: {} },
    );
    const err = await failure(provider.listTemplates());
    expect(err.message).toBe('The video provider failed (503)');
    expect(err.rejected).toBe(false);
    expect(fake.calls).toHaveLength(3);
  });

  it('times out a provider that does not answer', async () => {
    fake.script('GET /v2/templates', { hang: true }, { hang: true }, { hang: true });
    const started = Date.now();
    const err = await failure(provider.listTemplates());
    expect(err.message).toBe('The video provider did not answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('turns a malformed answer into a clear error without retrying', async () => {
    fake.script('GET /v2/templates', { body: '{"data": {"templ' });
    expect((await failure(provider.listTemplates())).message).toBe(
      'The video provider sent an answer that could not be read (not JSON)',
    );
    fake.script('GET /v2/templates', { body: { data: { templates: 'nope' } } });
    expect((await failure(provider.listTemplates())).message).toBe(
      'The video provider sent an answer that could not be read (no template list)',
    );
    fake.script('POST /v2/template/tpl_welcome/generate', { body: { error: null, data: {} } });
    expect((await failure(provider.generate('tpl_welcome', { title: 't', variables: {} }))).message).toMatch(
      /no video_id/,
    );
    expect(fake.calls).toHaveLength(3);
  });

  it('passes on a refusal (4xx, or an error in a 200 body) as rejected, without retrying', async () => {
    fake.script('POST /v2/template/tpl_welcome/generate', {
      status: 400,
      body: { error: { code: 'invalid_parameter', message: 'Variable first_name is too long' } },
    });
    const err = await failure(provider.generate('tpl_welcome', { title: 't', variables: {} }));
    expect(err).toMatchObject({
      status: 400,
      rejected: true,
      message: 'The video provider refused the request (400): Variable first_name is too long',
    });
    fake.script('GET /v2/templates', { status: 401, body: {} });
    expect((await failure(provider.listTemplates())).message).toBe(
      'The video provider refused the request (401): the API key was refused',
    );
    fake.script('GET /v2/templates', { body: { error: 'quota exceeded', data: null } });
    expect((await failure(provider.listTemplates())).message).toBe(
      'The video provider refused the request: quota exceeded',
    );
    expect(fake.calls).toHaveLength(3);
  });

  it('reports an unreachable provider', async () => {
    const down = createVideoProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 500, retries: 0 });
    expect((await failure(down.listTemplates())).message).toMatch(/^The video provider could not be reached/);
  });
});
