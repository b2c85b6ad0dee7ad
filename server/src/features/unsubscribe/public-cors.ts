import type { FastifyInstance } from 'fastify';
import { PUBLIC_INVITATION_PATH_PREFIX } from '@app/contract';

const isPublicInvitationCall = (url: string) => url.startsWith(PUBLIC_INVITATION_PATH_PREFIX);
/** The join landing page's own forms (features/join/landing-routes.ts): signed by the link, same-site only. */
const isJoinPageForm = (url: string) => url.startsWith('/join/');

/**
 * What the public invitation calls (the signed unsubscribe link) need that no other call gets:
 * - CORS for any origin (no credentials: the signature authorises, not a cookie), with the preflight;
 * - the RFC 8058 one-click body `List-Unsubscribe=One-Click`, form-encoded (or with no content type). Form bodies stay refused
 *   (415) everywhere else but the join landing page's own forms, so a cross-site form cannot reach a cookie-authorised
 *   call (the access hook refuses another site's Origin on those).
 * The access hook lets these paths through its cross-site Origin check (features/auth/access.ts).
 */
export async function registerPublicInvitationCalls(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (request, body, done) => {
      if (!isPublicInvitationCall(request.url) && !isJoinPageForm(request.url)) {
        done(
          Object.assign(new Error(`Unsupported Media Type: application/x-www-form-urlencoded`), { statusCode: 415 }),
          undefined,
        );
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // A one-click POST without a content type (not RFC-conforming, but harmless here) is read as text, not refused.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && !request.headers['content-type'] && isPublicInvitationCall(request.url)) {
      request.headers['content-type'] = 'text/plain';
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isPublicInvitationCall(request.url)) reply.header('access-control-allow-origin', '*');
    return payload;
  });

  app.route({
    method: 'OPTIONS',
    url: `${PUBLIC_INVITATION_PATH_PREFIX}*`,
    config: { access: 'public' },
    handler: async (_request, reply) =>
      reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .send(),
  });
}
