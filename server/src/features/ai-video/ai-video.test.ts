import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiVideoStatus } from '@app/contract';
import { buildApp } from '../../app.js';
import { deleteAiVideoJob, generateAiVideoJob, pollAiVideoJob } from '../../jobs/ai-video.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { AppJobs } from '../../db/job-queue.js';
import { startTestQueue } from '../../test/queue.js';
import { localStorage } from '../../plugins/storage.js';
import { callbackToken, deleteVideo, generateVideo, pollVideo } from '../../services/ai-video/lifecycle.js';
import { startFakeProvider, type FakeProvider } from '../../services/ai-video/fake-provider.js';
import { seedTokenSubjects } from '../../test/token-fixtures.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let fake: FakeProvider;
let queue: JobQueue<typeof generateAiVideoJob | typeof pollAiVideoJob | typeof deleteAiVideoJob>;
let app: FastifyInstance;
let bare: FastifyInstance; // the same database with no provider configured
let cookie: string;
let memberId: number;
let bareMemberId: number;

const T = '/api/admin/ai-video/template';
const V = '/api/admin/ai-video/video';

async function call(opts: InjectOptions, on: FastifyInstance = app) {
  const res = await on.inject({ ...opts, headers: { cookie } });
  return Object.assign(res, { json: () => JSON.parse(res.body) });
}

async function makeTemplate(
  variables: Record<string, string> = { first_name: 'firstName', school: 'schoolName' },
  externalId = 'tpl_welcome',
) {
  const res = await call({
    method: 'POST',
    url: T,
    payload: { name: 'Welcome video', externalId, summary: 'Hello', variables },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function statusOf(id: number) {
  return await t.db.selectFrom('aiVideos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function waitFor(id: number, status: AiVideoStatus) {
  let row = await statusOf(id);
  for (let i = 0; i < 100 && row.status !== status; i++) {
    await sleep(200);
    row = await statusOf(id);
  }
  expect(row.status).toBe(status);
  return row;
}

async function insertVideo(
  templateId: number,
  status: AiVideoStatus,
  extra: { providerVideoId?: string; videoUrl?: string } = {},
) {
  const { id } = await t.db
    .insertInto('aiVideos')
    .values({ templateId, accountId: memberId, name: `${status} video`, status, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const noJobs: AppJobs = { send: async () => null };

beforeAll(async () => {
  fake = await startFakeProvider();
  t = await createTestApp({
    VIDEO_API_KEY: 'test-key',
    VIDEO_API_URL: fake.url,
    VIDEO_POLL_SECONDS: '1',
    VIDEO_API_RETRIES: '0',
    VIDEO_API_TIMEOUT_MS: '2000',
    PUBLIC_URL: 'https://admin.example',
  });
  ({ queue } = await startTestQueue(t, [generateAiVideoJob, pollAiVideoJob, deleteAiVideoJob]));
  const storage = localStorage(path.join(t.config.DATA_DIR, 'files'));
  // Only the AI video jobs are worked here; the app sends no other.
  const jobs = queue as unknown as AppJobs;
  app = await buildApp({ config: t.config, db: t.db, storage, jobs });
  bare = await buildApp({ config: { ...t.config, VIDEO_API_KEY: undefined }, db: t.db, storage, jobs });
  await Promise.all([app.ready(), bare.ready()]);
  cookie = await t.signIn();
  ({ memberId } = await seedTokenSubjects(t.db));
  // A member of no chapter or institution: schoolName does not resolve for them.
  ({ id: bareMemberId } = await t.db
    .insertInto('accounts')
    .values({ firstName: 'Lone', lastName: 'Member', email: 'lone@example.edu', address: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow());
});

afterAll(async () => {
  await app?.close();
  await bare?.close();
  await queue?.stop();
  await t?.close();
  await fake?.close();
});

describe('AI video templates', () => {
  it('creates, reads, lists with video counts, updates and deletes a template', async () => {
    const id = await makeTemplate();
    const got = (await call({ method: 'GET', url: `${T}/${id}` })).json();
    expect(got).toMatchObject({
      name: 'Welcome video',
      externalId: 'tpl_welcome',
      summary: 'Hello',
      variables: { first_name: 'firstName' },
      videoCount: 0,
    });
    const patched = await call({
      method: 'PATCH',
      url: `${T}/${id}`,
      payload: { name: 'Welcome v2', externalId: 'tpl_welcome', summary: '', variables: {} },
    });
    expect(patched.json()).toMatchObject({ name: 'Welcome v2', summary: null, variables: {} });
    await insertVideo(id, 'generated');
    await insertVideo(id, 'deleted');
    const list = (await call({ method: 'GET', url: `${T}?search=v2&sort=videoCount:desc` })).json();
    expect(list.items).toEqual([expect.objectContaining({ id, videoCount: 1 })]);
    expect((await call({ method: 'DELETE', url: `${T}/${id}` })).statusCode).toBe(409);
    await t.db.updateTable('aiVideos').set({ status: 'deleted' }).where('templateId', '=', id).execute();
    expect((await call({ method: 'DELETE', url: `${T}/${id}` })).statusCode).toBe(204);
    expect((await call({ method: 'GET', url: `${T}/${id}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${T}/${id}` })).statusCode).toBe(404);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ name: 'ab' }, 'Name must be 3 to 254 characters'],
    [{ name: 'x'.repeat(255) }, 'Name must be 3 to 254 characters'],
    [{ externalId: '' }, 'ExternalId is required'],
    [{ externalId: null }, 'ExternalId is required'],
    [{ variables: { first_name: 'nope' } }, 'Unknown token "nope" for first_name'],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await call({
      method: 'POST',
      url: T,
      payload: { name: 'Good name', externalId: 'tpl_welcome', ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('offers the provider templates by 20, the chosen one variables and the tokens', async () => {
    const form = (await call({ method: 'GET', url: `${T}/form?externalId=tpl_welcome` })).json();
    expect(form).toMatchObject({
      configured: true,
      message: null,
      variables: [
        { name: 'first_name', type: 'text' },
        { name: 'school', type: 'text' },
      ],
    });
    expect(form.providerTemplates.items.map((p: { id: string }) => p.id)).toEqual(['tpl_welcome', 'tpl_congrats']);
    expect(form.providerTemplates.pagination).toMatchObject({ perPage: 20, totalItems: 2 });
    expect(form.tokens.map((k: { id: string }) => k.id)).toContain('firstName');
    const searched = (await call({ method: 'GET', url: `${T}/form?search=congr` })).json();
    expect(searched.providerTemplates.items).toEqual([
      { id: 'tpl_congrats', name: 'Congratulations', thumbnailUrl: null },
    ]);
  });

  it('says plainly when the provider is not configured or failing, without failing the form', async () => {
    const form = (await call({ method: 'GET', url: `${T}/form` }, bare)).json();
    expect(form).toMatchObject({
      configured: false,
      message: 'The video provider is not configured (set VIDEO_API_KEY)',
      variables: [],
    });
    fake.script('GET /v2/templates', { status: 503, body: { error: { message: 'Maintenance' } } });
    const down = await call({ method: 'GET', url: `${T}/form` });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ configured: true, message: 'The video provider failed (503): Maintenance' });
  });

  it('needs a signed-in admin', async () => {
    expect((await app.inject({ method: 'GET', url: T })).statusCode).toBe(401);
  });
});

describe('AI videos', () => {
  it('resolves the template tokens for a member; unresolved ones have no value and refuse Generate (400)', async () => {
    const templateId = await makeTemplate();
    const form = (
      await call({ method: 'POST', url: `${V}/form`, payload: { templateId, accountId: memberId } })
    ).json();
    expect(form.tokensResolvedResult).toEqual({
      resolvedTokens: [
        { id: 'firstName', label: 'First name', value: 'Ada' },
        { id: 'schoolName', label: 'School name', value: 'Northwood University' },
      ],
      unresolvedTokens: [],
    });
    const lone = (
      await call({ method: 'POST', url: `${V}/form`, payload: { templateId, accountId: bareMemberId } })
    ).json();
    expect(lone.tokensResolvedResult.unresolvedTokens).toEqual([
      { id: 'schoolName', label: 'School name', value: null },
    ]);
    const refused = await call({ method: 'POST', url: V, payload: { templateId, accountId: bareMemberId } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Every token must be resolved before generating',
      detail: 'Unresolved: School name',
    });
  });

  it.each([
    [{ templateId: undefined }, 'Template is required'],
    [{ templateId: null }, 'Template is required'],
    [{ accountId: undefined }, 'Account is required'],
    [{ accountId: 'x' }, 'Account is required'],
  ])('refuses a generate of %o with its message', async (patch, message) => {
    const res = await call({ method: 'POST', url: V, payload: { templateId: 1, accountId: 1, ...patch } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      (await call({ method: 'POST', url: `${V}/form`, payload: { templateId: 1, accountId: 1, ...patch } })).json()
        .message,
    ).toBe(message);
  });

  it('answers a clear 409 when the provider is not configured', async () => {
    const templateId = await makeTemplate();
    const res = await call({ method: 'POST', url: V, payload: { templateId, accountId: memberId } }, bare);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The video provider is not configured (set VIDEO_API_KEY)');
  });

  it('generates through the jobs: idle -> generating -> generated; previews; deletes here and at the provider', async () => {
    const templateId = await makeTemplate();
    const created = await call({
      method: 'POST',
      url: V,
      payload: { templateId, accountId: memberId, name: 'Ada welcome' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json();
    expect(video).toMatchObject({
      name: 'Ada welcome',
      status: 'idle',
      account: { id: memberId, name: 'Ada Member' },
      template: { id: templateId },
    });
    const generating = await waitFor(video.id, 'generating');
    const sent = fake.calls.find((c) => c.method === 'POST' && c.path === '/v2/template/tpl_welcome/generate')!;
    expect(sent.body).toMatchObject({
      title: 'Ada welcome',
      variables: {
        first_name: { properties: { content: 'Ada' } },
        school: { properties: { content: 'Northwood University' } },
      },
      callback_url: `https://admin.example/api/public/ai-video/callback?id=${video.id}&token=${callbackToken(t.config, video.id)}`,
    });
    // Preview and delete are not offered while generating.
    expect((await call({ method: 'GET', url: `${V}/${video.id}/preview` })).statusCode).toBe(409);
    expect((await call({ method: 'DELETE', url: `${V}/${video.id}` })).statusCode).toBe(409);

    fake.finish(generating.providerVideoId!);
    const done = await waitFor(video.id, 'generated');
    expect(done.videoUrl).toContain(`${generating.providerVideoId}.mp4`);
    const preview = await call({ method: 'GET', url: `${V}/${video.id}/preview` });
    expect(preview.json().videoUrl).toContain(`${generating.providerVideoId}.mp4`);
    const listed = (
      await call({ method: 'GET', url: `${V}/${templateId}/list?status=generated&accountName=ada` })
    ).json();
    expect(listed.items.map((v: { id: number }) => v.id)).toEqual([video.id]);
    expect((await call({ method: 'GET', url: `${V}/${templateId}/list?accountName=nobody` })).json().items).toEqual([]);
    expect((await call({ method: 'GET', url: `${T}/${templateId}/video` })).json().items).toHaveLength(1);

    const removed = await call({ method: 'DELETE', url: `${V}/${video.id}` });
    expect(removed.json()).toMatchObject({ status: 'deleting' });
    await waitFor(video.id, 'deleted');
    expect(fake.videos.has(generating.providerVideoId!)).toBe(false);
  });

  it('marks a failed render failed to generate with the provider reason, and a refused request rejected', async () => {
    const templateId = await makeTemplate();
    const { id } = (await call({ method: 'POST', url: V, payload: { templateId, accountId: memberId } })).json();
    const row = await waitFor(id, 'generating');
    fake.fail(row.providerVideoId!, 'Avatar unavailable');
    expect(await waitFor(id, 'failed to generate')).toMatchObject({ error: 'Avatar unavailable' });
    const listed = (await call({ method: 'GET', url: `${V}/${templateId}/list?status=failed to generate` })).json();
    expect(listed.items[0]).toMatchObject({
      id,
      emptyMessage: 'Avatar unavailable',
      name: 'Welcome video - Ada Member',
    });

    fake.script('POST /v2/template/tpl_welcome/generate', {
      status: 400,
      body: { error: { message: 'Script too long' } },
    });
    const second = (await call({ method: 'POST', url: V, payload: { templateId, accountId: memberId } })).json();
    expect(await waitFor(second.id, 'rejected')).toMatchObject({
      error: 'The video provider refused the request (400): Script too long',
      providerVideoId: null,
    });
    // Never at the provider: deleting it needs no call.
    await call({ method: 'DELETE', url: `${V}/${second.id}` });
    await waitFor(second.id, 'deleted');
  });

  it('writes failed to generate / failed to delete on the last attempt of a job that keeps failing', async () => {
    const templateId = await makeTemplate();
    const id = await insertVideo(templateId, 'idle');
    fake.script('POST /v2/template/tpl_welcome/generate', { status: 500 }, { status: 500 });
    const deps = { db: t.db, config: t.config, jobs: noJobs };
    await expect(generateVideo(deps, id, { last: false })).rejects.toThrow('The video provider failed (500)');
    expect((await statusOf(id)).status).toBe('idle');
    await generateVideo(deps, id, { last: true });
    expect(await statusOf(id)).toMatchObject({
      status: 'failed to generate',
      error: 'The video provider failed (500)',
    });

    const gone = await insertVideo(templateId, 'deleting', { providerVideoId: 'vid_elsewhere' });
    fake.script('DELETE /v1/video.delete', { status: 502 });
    await deleteVideo(deps, gone, { last: true });
    expect(await statusOf(gone)).toMatchObject({
      status: 'failed to delete',
      error: 'The video provider failed (502)',
    });
    // A second delivery of the job finds it no longer deleting: nothing happens.
    await deleteVideo(deps, gone, { last: false });
    expect((await statusOf(gone)).status).toBe('failed to delete');
  });

  it('offers preview only when generated (no URL -> null) and delete only for the allowed statuses', async () => {
    const templateId = await makeTemplate();
    const noUrl = await insertVideo(templateId, 'generated');
    expect((await call({ method: 'GET', url: `${V}/${noUrl}/preview` }, bare)).json()).toEqual({ videoUrl: null });
    for (const status of ['idle', 'generating', 'deleting', 'deleted'] as const) {
      const id = await insertVideo(templateId, status);
      expect((await call({ method: 'DELETE', url: `${V}/${id}` })).statusCode, status).toBe(409);
      expect((await call({ method: 'GET', url: `${V}/${id}/preview` })).statusCode, status).toBe(409);
    }
    for (const status of ['failed to delete', 'failed to generate', 'rejected'] as const) {
      const id = await insertVideo(templateId, status);
      expect((await call({ method: 'GET', url: `${V}/${id}/preview` })).statusCode, status).toBe(409);
      expect((await call({ method: 'DELETE', url: `${V}/${id}` })).json().status, status).toBe('deleting');
    }
    expect((await call({ method: 'DELETE', url: `${V}/999999` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${V}/999999/list` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${V}/${templateId}/list?status=done` })).statusCode).toBe(400);
  });

  it('accepts the provider callback only with the signed token, and then checks the status at once', async () => {
    const templateId = await makeTemplate();
    const id = await insertVideo(templateId, 'generating', { providerVideoId: 'vid_cb' });
    fake.videos.set('vid_cb', { status: 'completed', templateId: 'tpl_welcome', title: 't', variables: {} });
    const url = `/api/public/ai-video/callback?id=${id}`;
    expect((await app.inject({ method: 'POST', url: `${url}&token=forged`, payload: {} })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(403);
    expect(
      (await bare.inject({ method: 'POST', url: `${url}&token=${callbackToken(t.config, id)}`, payload: {} }))
        .statusCode,
    ).toBe(404);
    const ok = await app.inject({
      method: 'POST',
      url: `${url}&token=${callbackToken(t.config, id)}`,
      payload: { event_type: 'avatar_video.success' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await waitFor(id, 'generated')).videoUrl).toContain('vid_cb.mp4');
  });

  it('a replayed callback never starts a second status-check chain; the chain it replaced stops', async () => {
    const templateId = await makeTemplate();
    const id = await insertVideo(templateId, 'generating', { providerVideoId: 'vid_replay' });
    fake.videos.set('vid_replay', { status: 'processing', templateId: 'tpl_welcome', title: 't', variables: {} });
    const sent: { name: string; data: { videoId: number; polls: number; chain: number } }[] = [];
    const recording = {
      send: async (name: string, data: never) => (sent.push({ name, data }), 'job'),
    } as unknown as AppJobs;
    const replayApp = await buildApp({
      config: t.config,
      db: t.db,
      storage: localStorage(path.join(t.config.DATA_DIR, 'files')),
      jobs: recording,
    });
    try {
      const url = `/api/public/ai-video/callback?id=${id}&token=${callbackToken(t.config, id)}`;
      for (let i = 0; i < 4; i++) {
        const res = await replayApp.inject({ method: 'POST', url, payload: { event_type: 'avatar_video.success' } });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await replayApp.close();
    }
    expect(sent).toEqual([{ name: 'ai-video-poll', data: { videoId: id, polls: 0, chain: 1 } }]);
    // The chain the generate job started (chain 0) stops at its next check; the callback's goes on.
    const deps = { db: t.db, config: t.config, jobs: recording };
    sent.length = 0;
    const statusCalls = () => fake.calls.filter((c) => c.path === '/v1/video_status.get').length;
    const before = statusCalls();
    await pollVideo(deps, id, 3, { last: false }, 0);
    expect(sent).toEqual([]);
    expect(statusCalls()).toBe(before);
    await pollVideo(deps, id, 0, { last: false }, 1);
    expect(sent).toEqual([{ name: 'ai-video-poll', data: { videoId: id, polls: 1, chain: 1 } }]);
    expect(statusCalls()).toBe(before + 1);
  });
});
