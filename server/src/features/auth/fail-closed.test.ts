import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import path from 'node:path';
import { buildApp } from '../../app.js';
import { localStorage } from '../../plugins/storage.js';
import { routeAccess } from './access.js';

// Fail closed: an /api path outside the contract is admin-only unless declared public, checked
// before routing decides it does not exist.
let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  member = await t.signIn({ admin: false });
});
afterAll(() => t.close());

const unknownAdminPaths: [string, string][] = [
  ['GET', '/api/admin/no-such-thing'],
  ['GET', '/api/admin/institutions/1/no-such-thing?x=1'],
  ['DELETE', '/api/admin/institutions'],
  ['POST', '/api/admin/no-such-thing'],
  ['GET', '/api/admin'],
  ['GET', '/api/no-such-area'],
];

describe('unknown /api paths', () => {
  it.each(unknownAdminPaths)('%s %s answers 401 JSON without a session', async (method, url) => {
    const res = await t.request({ method: method as 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'You must be signed in' });
  });

  it.each(unknownAdminPaths)('%s %s answers 403 JSON to a signed-in non-admin', async (method, url) => {
    const res = await t.request({ method: method as 'GET', url, cookie: member });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only staff can do this' });
  });

  it.each(unknownAdminPaths)('%s %s answers 404 JSON only to an admin', async (method, url) => {
    const res = await t.request({ method: method as 'GET', url, cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Not found/);
  });
});

describe('what stays public outside the contract', () => {
  it('the OpenAPI document and its reference UI', async () => {
    expect((await t.request({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('health, and public file downloads (declared public in the contract)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/files/1/none.png' })).statusCode).toBe(404);
  });

  it('paths outside /api (the client shell and its files)', () => {
    const at = (url: string, config: object = {}) => routeAccess({ url, routeOptions: { config } as never });
    expect(at('/')).toBe('public');
    expect(at('/admin/institutions?page=2')).toBe('public');
    expect(at('/assets/index-abc.js')).toBe('public');
    expect(at('/apix')).toBe('public');
    expect(at('/api')).toBe('admin');
    expect(at('/api/anything')).toBe('admin');
    expect(at('/api/openapi.json?x=1')).toBe('public');
    expect(at('/api/openapi.jsonx')).toBe('admin');
    expect(at('/api/docs')).toBe('public');
    expect(at('/api/docsx')).toBe('admin');
    expect(at('/api/anything', { access: 'public' })).toBe('public');
  });
});

describe('a route outside the contract', () => {
  it('is admin-only (ROLE_ADMIN: it declares no permission) unless it declares access', async () => {
    const auditor = await t.signIn({ roles: ['ROLE_AUDITOR'] });
    const app = await buildApp({
      config: t.config,
      db: t.db,
      storage: localStorage(path.join(t.config.DATA_DIR, 'files')),
    });
    app.get('/api/reports/raw', async () => ({ secret: true }));
    app.get('/api/reports/open', { config: { access: 'public' } }, async () => ({ open: true }));
    await app.ready();
    try {
      const raw = (cookie?: string) =>
        app.inject({ method: 'GET', url: '/api/reports/raw', headers: cookie ? { cookie } : {} });
      expect((await raw()).statusCode).toBe(401);
      expect((await raw(member)).statusCode).toBe(403);
      expect((await raw(auditor)).statusCode).toBe(403);
      expect((await raw(admin)).json()).toEqual({ secret: true });
      expect((await app.inject({ method: 'GET', url: '/api/reports/open' })).json()).toEqual({ open: true });
    } finally {
      await app.close();
    }
  });
});
