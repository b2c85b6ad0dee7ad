import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { jobDefinitions } from '../jobs/registry.js';
import { startTestQueue } from '../test/queue.js';
import { createTestApp, type TestApp } from '../test/helper.js';
import { localStorage } from './storage.js';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let app: FastifyInstance;
let queue: Awaited<ReturnType<typeof startTestQueue>>['queue'];
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, EMAIL_DAILY_QUOTA: '500' });
  ({ queue } = await startTestQueue(t, jobDefinitions));
  app = await buildApp({
    config: t.config,
    db: t.db,
    storage: localStorage(path.join(t.config.DATA_DIR, 'files')),
    jobs: queue,
    metricsCacheMs: 0,
  });
});
afterAll(async () => {
  await app.close();
  await queue.stop();
  await t.close();
});

const scrape = async (authorization = `Bearer ${TOKEN}`, on = app) =>
  on.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
/** The value of one series in the text format, or undefined when it is absent. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN: 401 otherwise, 404 when no token is set', async () => {
    expect((await scrape('')).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
    const untokened = await buildApp({
      config: { ...t.config, METRICS_TOKEN: undefined },
      db: t.db,
      storage: localStorage(path.join(t.config.DATA_DIR, 'files')),
    });
    expect((await scrape(`Bearer ${TOKEN}`, untokened)).statusCode).toBe(404);
    await untokened.close();
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes'])
      expect(ok.body).toContain(`\n${name} `);
  });

  it('counts requests and their latency by route pattern and status', async () => {
    const series = 'app_http_requests_total{method="GET",route="/api/admin/institutions/:id",status="401"}';
    const before = value((await scrape()).body, series) ?? 0;
    for (const id of [1, 2, 3])
      expect((await app.inject({ method: 'GET', url: `/api/admin/institutions/${id}` })).statusCode).toBe(401);
    const text = (await scrape()).body;
    expect(value(text, series)).toBe(before + 3);
    expect(
      value(
        text,
        'app_http_request_duration_seconds_count{method="GET",route="/api/admin/institutions/:id",status="401"}',
      ),
    ).toBe(before + 3);
    expect(text).not.toContain('/api/admin/institutions/2"');
  });

  it('counts a job run by name and state, and its duration', async () => {
    const id = (await queue.boss.send('purge-uploads', {}))!;
    for (let i = 0; i < 200; i++) {
      const [job] = await queue.boss.findJobs('purge-uploads', { id });
      if (job?.state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const text = (await scrape()).body;
    expect(value(text, 'app_jobs{job="purge-uploads",state="completed"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'app_job_duration_seconds{job="purge-uploads",quantile="0.5"}')).toBeGreaterThanOrEqual(0);
  });

  it('counts sends by status and the quota they leave, and the database pool', async () => {
    const before = (await scrape()).body;
    expect(value(before, 'app_emails{status="sent"}')).toBe(0);
    expect(value(before, 'app_email_quota_left')).toBe(500);
    await t.db
      .insertInto('emailSends')
      .values(
        [1, 2].map((n) => ({
          source: 'welcome_email',
          sourceId: String(n),
          recipientKey: `m${n}@example.org`,
          emailTo: `m${n}@example.org`,
          emailType: 'Transactional',
          status: 'sent',
          sendAt: new Date(),
        })),
      )
      .execute();
    await t.db
      .insertInto('emailSends')
      .values({
        source: 'welcome_email',
        sourceId: '3',
        recipientKey: 'q@example.org',
        emailTo: 'q@example.org',
        emailType: 'Transactional',
      })
      .execute();
    const text = (await scrape()).body;
    expect(value(text, 'app_emails{status="sent"}')).toBe(2);
    expect(value(text, 'app_emails{status="queued"}')).toBe(1);
    expect(value(text, 'app_email_quota_left')).toBe(498);
    expect(value(text, 'app_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });
});
