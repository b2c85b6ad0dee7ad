/**
 * Who may call a route, declared in each route's `metadata.access` and enforced in one server hook.
 * - public: anyone
 * - signedIn: any signed-in active account
 * - admin: a signed-in active admin (every `/api/admin/*` route, `/api/shared/file`)
 * - member: a signed-in active account (members and pledges; `/api/member/*`, `/api/learn/*`)
 */
export type Access = 'public' | 'signedIn' | 'admin' | 'member';
export type RouteMeta = { access: Access };

export const meta = {
  public: { access: 'public' } as const satisfies RouteMeta,
  signedIn: { access: 'signedIn' } as const satisfies RouteMeta,
  admin: { access: 'admin' } as const satisfies RouteMeta,
  member: { access: 'member' } as const satisfies RouteMeta,
};
