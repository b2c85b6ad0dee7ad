import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createDb } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';

/**
 * One run, one throw-away template database with every migration applied; each test file then
 * clones its own database from it (see helper.ts), so files run in parallel without sharing rows.
 * TEST_DATABASE_URL names any database on the server to use; without it the embedded server runs.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres('.data/test', Number(process.env.EMBEDDED_TEST_PG_PORT ?? 54339), 'app', { durable: false });
    adminUrl = embedded.url;
  }
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const template = `tmpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const db = createDb(withDatabase(adminUrl, template), 1);
  await migrateToLatest(db);
  await db.destroy();

  project.provide('testDb', { adminUrl, template, runId });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`t_${runId}_%`, template],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await embedded?.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { adminUrl: string; template: string; runId: string };
  }
}
