import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

type WithRawBody = FastifyRequest & { webhookRawBody?: Buffer; webhookContentType?: string };

/**
 * A `preParsing` hook for webhooks whose signature covers the exact bytes sent: before any parser runs,
 * keep them (at most `limit`, 413 past it), and hand the parser plain text (so a form body reaches this
 * route alone; form posts stay refused elsewhere). Read them back with `rawBodyOf`.
 * @example hooks: { preParsing: keepRawBody(5 * 1024 * 1024), bodyLimit: 5 * 1024 * 1024 }
 */
export function keepRawBody(limit: number) {
  return async (request: FastifyRequest, _reply: unknown, payload: AsyncIterable<Buffer | string>) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > limit) throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
      chunks.push(buf);
    }
    const raw = Buffer.concat(chunks);
    const req = request as WithRawBody;
    req.webhookRawBody = raw;
    req.webhookContentType = request.headers['content-type'] ?? '';
    request.headers['content-type'] = 'text/plain; charset=utf-8';
    return Object.assign(Readable.from([raw]), { receivedEncodedLength: raw.length });
  };
}

/** The bytes and content type `keepRawBody` kept (empty when it did not run). */
export function rawBodyOf(request: FastifyRequest): { rawBody: Buffer; contentType: string } {
  const req = request as WithRawBody;
  return { rawBody: req.webhookRawBody ?? Buffer.alloc(0), contentType: req.webhookContentType ?? '' };
}
