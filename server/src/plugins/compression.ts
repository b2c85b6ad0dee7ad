import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * The answers compressed per request: JSON (the lists, the account, the public pages' data), HTML and the
 * other text types, in brotli or gzip as the browser accepts. Brotli at
 * quality 4 costs about as much as gzip at 6 for a smaller result. The client's files come precompressed
 * from the build (plugins/client.ts), so they are sent as they are. A download (`Content-Disposition:
 * attachment`: the CSV exports, stored files) is left alone: a 100,000-row export would spend the CPU that
 * its streaming saves. Below 1 KiB compression would not pay for itself.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs ahead of the plugin's own onSend hook, whose only per-answer opt-out is this request header.
  app.addHook('onSend', async (request, reply, payload) => {
    if (/^\s*attachment/i.test(String(reply.getHeader('content-disposition') ?? '')))
      request.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
