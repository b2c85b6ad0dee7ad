import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb, type Db } from '../../db/database.js';
import { localStorage } from '../../plugins/storage.js';
import { cloneTestDatabase } from '../../test/helper.js';

/** A database URL where nothing answers: a port just freed. */
async function stoppedDatabaseUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `postgres://postgres@127.0.0.1:${port}/stopped`;
}

async function appOn(url: string): Promise<{ app: FastifyInstance; db: Db }> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'health-')) });
  const db = createDb(url, 2);
  return { app: await buildApp({ config, db, storage: localStorage(path.join(config.DATA_DIR, 'files')) }), db };
}

let app: FastifyInstance;
let db: Db;
let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
beforeAll(async () => {
  database = await cloneTestDatabase();
  ({ app, db } = await appOn(database.url));
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  await database.drop();
});

const get = async (url: string, on = app) => {
  const res = await on.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('health, liveness and readiness', () => {
  it('while everything answers: live, ready (each part named) and the old /api/health are ok', async () => {
    expect(await get('/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/api/health/ready')).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', storage: 'ok' } },
    });
    expect(await get('/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('a job queue that fails its check is named', async () => {
    app.readiness.check('jobs', () => Promise.reject(new Error('pool closed')));
    expect(await get('/api/health/ready')).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        message: 'Not ready: jobs',
        failing: ['jobs'],
        checks: { database: 'ok', storage: 'ok', jobs: 'unavailable' },
      },
    });
    app.readiness.check('jobs', async () => true);
  });

  it('while draining after SIGTERM, readiness answers 503 naming the shutdown', async () => {
    app.readiness.draining = true;
    try {
      const ready = await get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ message: 'Not ready: shutdown', failing: ['shutdown'] });
      expect((await get('/api/health/live')).status).toBe(200);
    } finally {
      app.readiness.draining = false;
    }
  });

  it('with the database stopped: live 200, ready 503 naming the database, /api/health 503 as before', async () => {
    const stopped = await appOn(await stoppedDatabaseUrl());
    try {
      expect(await get('/api/health/live', stopped.app)).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get('/api/health/ready', stopped.app)).toEqual({
        status: 503,
        body: {
          status: 'unavailable',
          message: 'Not ready: database',
          failing: ['database'],
          checks: { database: 'unavailable', storage: 'ok' },
        },
      });
      expect(await get('/api/health', stopped.app)).toEqual({ status: 503, body: { status: 'unavailable' } });
    } finally {
      await stopped.app.close();
      await stopped.db.destroy();
    }
  });
});
