import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The content security policy of every answer. The built client loads only its own files and has no
 * inline script; Mantine writes its CSS variables in <style> tags and uses style attributes, hence
 * 'unsafe-inline' for styles only. Images may be data:/blob: (upload previews) or https: (avatars).
 * The Swagger UI at /api/docs works under the same policy (its scripts are files, not inline). Frames:
 * the app's own (the email previews) and the YouTube and Wistia players of rich-text video blocks.
 */
function directives(secure: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // The rich-text editor's video blocks embed these players (and only these).
    'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://fast.wistia.net'],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'worker-src': ["'self'"],
    // Only behind HTTPS: over plain http (http://127.0.0.1 in development) it would break every asset.
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (helmet), and `Cache-Control: no-store` on every /api answer that
 * does not set its own (JSON, CSV exports, errors), so no personal data stays in a browser or proxy
 * cache. Register it before the access hook, so a 401/403 carries the headers too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { secure }: { secure: boolean }): Promise<void> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: directives(secure) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only where the site is served over HTTPS; sent over http://127.0.0.1 it would pin localhost.
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  // Each middleware made once (@fastify/helmet made one, parsing the policy again, on every request). Public uploads
  // (logos) may be shown by other sites, e.g. in an email read in a webmail.
  const everyAnswer = helmet(options);
  const publicFile = helmet({ ...options, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  const failed = (err?: unknown) => {
    if (err) throw err;
  };
  app.addHook('onRequest', (request, reply, done) => {
    (request.url.startsWith('/api/files/') ? publicFile : everyAnswer)(request.raw, reply.raw, failed);
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
