import { ROLE_USER } from '@app/contract';

/** What decides an account's staff access: may it sign in to /admin, is it active, its roles and chapters. */
export type StaffAccess = { admin: boolean; active: boolean; roles: readonly string[]; chapterIds: readonly number[] };

/** The permission that changes staff access (an account's admin flag, roles or chapters; roles themselves). */
export const STAFF_PERMISSION = 'roles:write';

/** A new account's staff access unless it is given more: an active member, not staff. */
export const MEMBER_ACCESS: StaffAccess = { admin: false, active: true, roles: [ROLE_USER], chapterIds: [] };

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));

/**
 * The staff-access rule: whether going from `from` to `to` changes whether the account is staff, whether a
 * staff account is active, its roles or its chapters (as sets). What `to` leaves out stays as it is. Such a
 * change needs STAFF_PERMISSION (access-changes.ts; for an import, staff-access-right.ts) and is never an API key's
 * (api-key-limits.ts). Its own file, importing nothing of the server, so the key limits can read it without a cycle.
 * @example changesStaffAccess(MEMBER_ACCESS, { admin: true }) // true
 */
export function changesStaffAccess(from: StaffAccess, to: Partial<StaffAccess>): boolean {
  return (
    (to.admin !== undefined && to.admin !== from.admin) ||
    (from.admin && to.active !== undefined && to.active !== from.active) ||
    (!!to.roles && !sameSet(from.roles, to.roles)) ||
    (!!to.chapterIds && !sameSet(from.chapterIds, to.chapterIds))
  );
}
