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
  // The error plugin owns the not-found handler; the SPA fallback is a catch-all GET route instead,
  // which the static files' own routes outrank.
  app.get('/*', { schema: { hide: true } as never }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    if (path.extname(pathname)) return reply.status(404).send({ message: 'Not found' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
