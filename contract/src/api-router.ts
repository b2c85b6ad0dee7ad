import type { AppRouter } from '@ts-rest/core';
import { c } from './c.js';
import { commonErrors } from './common/error.js';
import { stampPermissions } from './common/permissions.js';

const rootOptions = { pathPrefix: '/api', commonResponses: commonErrors, strictStatusCodes: true } as const;

/**
 * Some areas under the contract's root options (the `/api` prefix, the common errors, strict statuses):
 * `contract` (router.ts) is all of them; the client builds each area's typed client from that area's
 * routes alone, so a screen downloads only its own schemas. A module of its own, importing no area, so
 * that a bundle using it is not made to carry every area (router.ts imports them all).
 */
export function apiRouter<T extends AppRouter>(areas: T): ReturnType<typeof c.router<T, '/api', typeof rootOptions>> {
  // Every admin route carries the permission it needs in `metadata.permission` (common/permissions.ts).
  return stampPermissions(c.router(areas as never, rootOptions) as AppRouter) as never;
}
