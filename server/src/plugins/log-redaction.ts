import type { FastifyRequest } from 'fastify';

/** Query parameters whose values grant something (signed links, callback tokens, keys): never written to logs. */
const SECRET_PARAMS =
  /^(signature|sig|token|access_token|refresh_token|id_token|api_?key|key|secret|password|auth|code_verifier)$/i;
// Signatures carried in the path: the open pixel and click redirect (/api/public/email/{open|click}/{sendId}/{signature}).
const SIGNED_PATHS = /^(\/api\/public\/email\/(?:open|click)\/[^/?]+\/)[^/?]+/;

/**
 * The URL as the request log shows it: the values of secret-bearing query parameters and the tracking
 * links' path signatures replaced by `[redacted]`, everything else as it came.
 * @example redactUrl('/api/public/invitations/1/email/2/3/status?signature=abc') // '...status?signature=[redacted]'
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(SIGNED_PATHS, '$1[redacted]');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request log serializer with the URL redacted (the same fields as Fastify's own). */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
