import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { dbPools, type Db } from '../db/database.js';

type Row = Record<string, unknown>;

/**
 * `GET /metrics` in Prometheus's text format, answered only to `Authorization: Bearer <METRICS_TOKEN>`
 * (401 otherwise; 404 when no token is set). One registry per app.
 *
 * - `app_http_requests_total` / `app_http_request_duration_seconds` by method, route (the pattern,
 *   not the path) and status;
 * - jobs by name, read from pg-boss's table, so any API instance reports every worker's jobs:
 *   `app_jobs{job,state}` (runs completed, failed, active ...), `app_job_queue_depth{job}`,
 *   `app_job_duration_seconds{job,quantile}` over the last hour;
 * - `app_emails{status}`, `app_email_quota_left` (EMAIL_DAILY_QUOTA less the last 24 hours' sends);
 * - `app_db_pool_connections{state}` (total, idle, waiting);
 * - prom-client's process metrics: memory, CPU, event-loop lag, handles.
 *
 * The database figures are read at most once per `cacheMs` (15 s), whatever the scrape rate. `sentInLast24h` is
 * the mail capability's count (the app hands it in: a plugin sits below the services).
 */
export function registerMetrics(
  app: FastifyInstance,
  { cacheMs = 15_000, sentInLast24h }: { cacheMs?: number; sentInLast24h: (db: Db) => Promise<number> },
): void {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'app_http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'app_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const jobs = new Gauge({
    name: 'app_jobs',
    help: 'Jobs in pg-boss by name and state (completed and failed are kept for its retention period)',
    labelNames: ['job', 'state'],
    registers: [register],
  });
  const depth = new Gauge({
    name: 'app_job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry)',
    labelNames: ['job'],
    registers: [register],
  });
  const jobDuration = new Gauge({
    name: 'app_job_duration_seconds',
    help: 'Run time of jobs completed in the last hour',
    labelNames: ['job', 'quantile'],
    registers: [register],
  });
  const emails = new Gauge({
    name: 'app_emails',
    help: 'Email sends by status',
    labelNames: ['status'],
    registers: [register],
  });
  const quotaLeft = new Gauge({
    name: 'app_email_quota_left',
    help: 'Sends the daily quota still allows in the current 24 hours',
    registers: [register],
  });
  const pool = new Gauge({
    name: 'app_db_pool_connections',
    help: "The app's database pool",
    labelNames: ['state'],
    registers: [register],
  });

  let readAt = -Infinity;
  async function readDatabase() {
    if (performance.now() - readAt < cacheMs) return;
    readAt = performance.now();
    const db = app.db;
    const hasBoss = (await sql<Row>`select to_regclass('pgboss.job') as t`.execute(db)).rows[0]?.t != null;
    jobs.reset();
    depth.reset();
    jobDuration.reset();
    if (hasBoss) {
      const states = await sql<{
        name: string;
        state: string;
        n: string;
      }>`select name, state::text, count(*) as n from pgboss.job group by 1, 2`.execute(db);
      for (const r of states.rows) {
        jobs.set({ job: r.name, state: r.state }, Number(r.n));
        if (r.state === 'created' || r.state === 'retry') depth.inc({ job: r.name }, Number(r.n));
      }
      const times = await sql<{ name: string; p50: number; p95: number }>`
        select name,
          percentile_cont(0.5) within group (order by extract(epoch from completed_on - started_on)) as p50,
          percentile_cont(0.95) within group (order by extract(epoch from completed_on - started_on)) as p95
        from pgboss.job where state = 'completed' and completed_on > now() - interval '1 hour' group by name`.execute(
        db,
      );
      for (const r of times.rows) {
        jobDuration.set({ job: r.name, quantile: '0.5' }, Number(r.p50));
        jobDuration.set({ job: r.name, quantile: '0.95' }, Number(r.p95));
      }
    }
    emails.reset();
    for (const status of ['queued', 'sent', 'failed', 'suppressed']) emails.set({ status }, 0);
    const byStatus = await db
      .selectFrom('emailSends')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute();
    for (const r of byStatus) emails.set({ status: r.status }, Number(r.n));
    quotaLeft.set(Math.max(0, app.config.EMAIL_DAILY_QUOTA - (await sentInLast24h(db))));
  }

  app.get('/metrics', { schema: { hide: true } as never }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) return reply.status(404).send({ message: 'Not found: GET /metrics' });
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
    }
    await readDatabase();
    const p = dbPools.get(app.db);
    if (p)
      for (const [state, n] of Object.entries({ total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount }))
        pool.set({ state }, n);
    return reply
      .header('content-type', register.contentType)
      .header('cache-control', 'no-store')
      .send(await register.metrics());
  });
}
