import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../client/dist');

/** Serves the built SPA: its files, and index.html for any non-API path (client-side routes). */
export async function registerClient(app: FastifyInstance): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    app.log.warn(`No client build in ${DIST}; run "npm run build" to serve the UI`);
    return;
  }
  await app.register(fastifyStatic, { root: DIST, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    }
    if (path.extname(request.url.split('?')[0]!)) return reply.status(404).send({ message: 'Not found' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
