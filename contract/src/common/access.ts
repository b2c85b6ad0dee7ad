/**
 * Who may call a route, declared in each route's `metadata.access` and enforced in one server hook.
 * - public: anyone
 * - signedIn: any signed-in active account
 * - admin: a signed-in active admin (every `/api/admin/*` route, `/api/shared/file`) holding the route's
 *   `permission` (./permissions.ts)
 * - member: a signed-in active account (members and pledges; `/api/member/*`, `/api/learn/*`)
 */
export type Access = 'public' | 'signedIn' | 'admin' | 'member';
/**
 * `area`: the admin area (the contract router's key) a route belongs to; its permission is `<area>:read`,
 * `<area>:write` or `<area>:export` from the route's method and answer (permissions.ts). `permission`: set on
 * every admin route of the contract by `apiRouter`, or declared by hand (`self`, or another area's).
 */
export type RouteMeta = { access: Access; area?: string; permission?: string };

/** The permission of the signed-in person's own profile calls (`/api/admin/profile/...`): any staff account. */
export const PERMISSION_SELF = 'self';

export const meta = {
  public: { access: 'public' } as const satisfies RouteMeta,
  signedIn: { access: 'signedIn' } as const satisfies RouteMeta,
  admin: { access: 'admin' } as const satisfies RouteMeta,
  member: { access: 'member' } as const satisfies RouteMeta,
  /** The signed-in staff member's own profile: any staff account, whatever its roles. */
  self: { access: 'admin', permission: PERMISSION_SELF } as const satisfies RouteMeta,
  /**
   * An admin area's routes: each needs `<area>:read|write|export` (permissions.ts), so a new route of the area
   * is covered without a list. `area` is the area's key in the contract router (router.ts).
   * @example c.router({ ... }, { metadata: meta.area('invitees') })
   */
  area: <A extends string>(area: A) => ({ access: 'admin', area }) as const satisfies RouteMeta,
};
