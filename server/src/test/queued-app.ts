import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { jobDefinitions } from '../jobs/registry.js';
import { startTestQueue } from './queue.js';
import { localStorage } from '../plugins/storage.js';
import { createTestApp } from './helper.js';

/**
 * The start of a test file whose routes queue real jobs: a test app (createTestApp's has no queue), a
 * working queue with every registered job on its database, an app that sends its jobs there, and a
 * signed-in admin's `request` to that app (`cookie: ''` sends none).
 * @example beforeAll(async () => ({ t, app, queue, request, close } = await createQueuedApp()));
 */
export async function createQueuedApp(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const { queue } = await startTestQueue(t, jobDefinitions);
  const app = await buildApp({
    config: t.config,
    db: t.db,
    storage: localStorage(path.join(t.config.DATA_DIR, 'files')),
    jobs: queue,
  });
  await app.ready();
  const cookie = await t.signIn();
  const request = async ({ cookie: as = cookie, headers, ...opts }: InjectOptions & { cookie?: string }) => {
    const res = await app.inject({ ...opts, headers: { ...headers, ...(as ? { cookie: as } : {}) } });
    return Object.assign(res, { json: () => JSON.parse(res.body) });
  };
  const close = async () => {
    await app.close();
    await queue.stop();
    await t.close();
  };
  return { t, app, queue, cookie, request, close };
}
export type QueuedApp = Awaited<ReturnType<typeof createQueuedApp>>;
