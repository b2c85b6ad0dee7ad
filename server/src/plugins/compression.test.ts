import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.js';

const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Lakeview College ${i}` }));
const csv = 'id,name\n' + rows.map((r) => `${r.id},${r.name}`).join('\n');

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await registerCompression(app);
  app.get('/api/list', async () => ({ rows }));
  app.get('/api/small', async () => ({ ok: true }));
  app.get('/api/export', async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="list.csv"').send(csv),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('registerCompression', () => {
  it('sends a JSON answer over 1 KiB in brotli or gzip, as the browser accepts, with Vary', async () => {
    const br = await app.inject({ url: '/api/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ rows });
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify({ rows }).length / 3);

    const gz = await app.inject({ url: '/api/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual({ rows });
  });

  it('leaves alone a client that accepts no encoding, a small answer, and a download (a CSV export)', async () => {
    const plain = await app.inject({ url: '/api/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ rows });
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const exported = await app.inject({ url: '/api/export', headers: { 'accept-encoding': 'br' } });
    expect(exported.headers['content-encoding']).toBeUndefined();
    expect(exported.body).toBe(csv);
  });
});
