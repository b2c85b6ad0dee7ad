import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.js';
import { contractRoutes, openApiPath } from './test/contract-routes.js';
import { buildOpenApi } from './openapi.js';
import { keyNeverCalls } from './services/auth/api-key-limits.js';

const doc = buildOpenApi();
const routes = contractRoutes();
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, any>;
  parameters?: any[];
  'x-permission'?: string;
};
const operationOf = (method: string, path: string) =>
  (doc.paths[openApiPath(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  for (const { id, route, access } of routes)
    it(`documents ${route.method} ${route.path} as ${id}`, () => {
      const op = operationOf(route.method, route.path);
      expect(op, 'operation missing').toBeDefined();
      expect(op!.operationId).toBe(id);
      expect(op!.summary?.trim()).toBeTruthy();
      if (access === 'public') expect(op!.security).toEqual([]);
      else if (access === 'admin')
        // or an API key with the call's scope, unless no key may ever make it (api-key-limits.ts)
        expect(op!.security).toEqual(keyNeverCalls(route) ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }]);
      else expect(op!.security).toBeUndefined(); // the document-wide session cookie applies
      // Every admin operation names the permission it needs (issue 35), and only those.
      expect(op!['x-permission']).toBe(
        access === 'admin' ? (route.metadata as { permission: string }).permission : undefined,
      );
      if (access === 'admin') expect(op!['x-permission']).toMatch(/^(self|[a-zA-Z]+:(read|write|export))$/);
      for (const status of [400, 401, 403, 404, 500]) {
        expect(op!.responses[status]?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
      for (const [status, response] of Object.entries(op!.responses))
        expect(response.description, status).not.toBe(status);
      for (const param of (op!.parameters ?? []).filter((p) => p.in === 'path')) {
        expect(param).toMatchObject({ required: true });
        expect(param.schema.nullable).toBeUndefined();
      }
    });

  it('has a unique operationId on every operation, and no operation outside the contract', () => {
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Operation>));
    const operationIds = ops.map((op) => op.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds.sort()).toEqual(routes.map((r) => r.id).sort());
  });

  it('declares the session cookie, API keys (bearer) and the shared error body', () => {
    expect(doc.components?.securitySchemes?.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(doc.components?.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(
      (doc.paths['/api/admin/institutions'] as Record<string, { description?: string }>).post!.description,
    ).toContain('`institutions:write`');
    expect(doc.security).toEqual([{ session: [] }]);
    expect(doc.components?.schemas?.ErrorBody).toMatchObject({ type: 'object', required: ['message'] });
  });

  it('defines every tag it uses', () => {
    const defined = new Set((doc.tags ?? []).map((tag) => tag.name));
    const used = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? []),
    );
    expect(used.filter((tag) => !defined.has(tag))).toEqual([]);
  });

  it('stays OpenAPI 3.0: exclusive bounds are booleans', () => {
    const numeric: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number')
          numeric.push(`${at}/${key}`);
        walk(value, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(numeric).toEqual([]);
  });
});

describe('served documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the document at /api/openapi.json', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('passes `redocly lint` with the recommended rules: 0 errors, offline', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, res.body);
      const cli = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));
      const preload = fileURLToPath(new URL('./test/offline-preload.mjs', import.meta.url));
      // No telemetry, no update check, and any connection refused by the preload: the lint runs offline.
      const env = {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        CI: 'true',
        NO_COLOR: '1',
      };
      const run = await promisify(execFile)(
        process.execPath,
        ['--import', preload, cli, 'lint', '--extends', 'recommended', '--format', 'json', file],
        { env, cwd: dir, maxBuffer: 64 << 20 },
      ).catch((err: { stdout: string; stderr: string }) => err);
      expect(run.stderr).not.toContain('NETWORK ATTEMPT');
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers a reference page at /api/docs', async () => {
    let url = '/api/docs';
    let res = await t.request({ method: 'GET', url });
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 5; hops++) {
      url = new URL(String(res.headers.location), `http://localhost${url}`).pathname;
      res = await t.request({ method: 'GET', url });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });

  it('the reference page serves the same document (built once, on the first request)', async () => {
    const ui = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(ui.statusCode).toBe(200);
    expect(ui.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
