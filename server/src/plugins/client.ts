import path from 'node:path';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CLIENT_DIST } from '../paths.js';

/** Vite's output names: `/assets/<name>-<hash>.<ext>`; such a file never changes under its name. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** A year and immutable for hashed assets; every other file (index.html, logo.svg) is checked on each use. */
function setCacheHeaders(reply: FastifyReply, filePath: string) {
  reply.header('cache-control', HASHED_ASSET.test(filePath.replace(/\.(br|gz)$/, '')) ? IMMUTABLE : REVALIDATE);
}

/**
 * Serves the built SPA: its files, and index.html for any non-API path (client-side routes). The build
 * writes a .br and a .gz beside each text file (client/vite.config.ts), so no request spends CPU on
 * compression: the variant the browser accepts is sent with `Content-Encoding` and `Vary: Accept-Encoding`.
 *
 * @example await registerClient(app, { root: '/tmp/some-dist' })
 */
export async function registerClient(
  app: FastifyInstance,
  { root = CLIENT_DIST }: { root?: string } = {},
): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No client build in ${root}; run "npm run build" to serve the UI`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  // The error plugin owns the not-found handler; the SPA fallback is a catch-all GET route instead,
  // which the static files' own routes outrank.
  app.get('/*', { schema: { hide: true } as never }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    if (path.extname(pathname)) return reply.status(404).send({ message: 'Not found' });
    return reply.sendFile('index.html');
  });
}
