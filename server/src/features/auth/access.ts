import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRoute } from '@ts-rest/core';
import type { Access } from '@app/contract';
import { AppError } from '../../errors.js';
import { findSessionAccount, SESSION_COOKIE } from './sessions.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function routeAccess(request: FastifyRequest): Access {
  const route = (request.routeOptions.config as { tsRestRoute?: AppRoute }).tsRestRoute;
  return ((route?.metadata as { access?: Access } | undefined)?.access) ?? 'public';
}

/** Throws 401/403 unless the request's account may use a route with this access. */
export function checkAccess(access: Access, account: FastifyRequest['account']): void {
  if (access === 'public') return;
  if (!account) throw new AppError(401, 'You must be signed in');
  if (access === 'admin' && !account.admin) throw new AppError(403, 'Only staff can do this');
}

/**
 * The one place access is enforced: each contract route declares `metadata.access`, and this hook
 * resolves the session and checks it before any handler runs. It also refuses a state-changing
 * request whose Origin names another site.
 */
export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    if (UNSAFE.has(request.method) && request.headers.origin) {
      let sameSite = false;
      try {
        sameSite = new URL(request.headers.origin).host === new URL(`http://${request.headers.host}`).host;
      } catch {
        sameSite = false;
      }
      if (!sameSite) throw new AppError(403, 'Cross-site request refused');
    }
    const token = request.cookies[SESSION_COOKIE];
    request.account = token ? await findSessionAccount(app.db, token) : null;
    checkAccess(routeAccess(request), request.account);
  });
}
