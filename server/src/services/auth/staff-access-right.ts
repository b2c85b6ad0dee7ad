import { ROLE_USER } from '@app/contract';
import type { AuditActor } from '../../db/audit-context.js';
import type { Db } from '../../db/database.js';
import { expandPermissions, freshRoles, permissionsOf } from './role-table.js';
import { STAFF_PERMISSION } from './staff-access-rule.js';

/** Who may change staff access, and which roles they may give (those granting only what they hold). */
export type StaffAccessRight = { mayChangeStaffAccess: boolean; givableRoles: string[] };

/**
 * The right to make an account staff, change whether a staff account is staff or active, or change an account's
 * roles (issue 35): a signed-in staff member holding roles:write, never an API key (issue 34); and the roles they
 * may give. The one place the rule is said for the import's check (record-import/importer-rules.ts); the
 * accounts calls check the same in access-changes.ts.
 * @example const right = await staffAccessRight(db, auditActors.getStore());
 */
export async function staffAccessRight(
  db: Db,
  actor: Pick<AuditActor, 'accountId' | 'apiKeyId'> | null | undefined,
): Promise<StaffAccessRight> {
  const none = { mayChangeStaffAccess: false, givableRoles: [ROLE_USER] };
  if (!actor || actor.apiKeyId !== null || actor.accountId === null) return none;
  const account = await db.selectFrom('accounts').select('roles').where('id', '=', actor.accountId).executeTakeFirst();
  if (!account) return none;
  await freshRoles(db);
  const held = permissionsOf(account.roles);
  if (!held.has(STAFF_PERMISSION)) return none;
  const roles = await db.selectFrom('roles').select(['name', 'permissions']).execute();
  const givable = roles.filter((r) => [...expandPermissions(r.permissions)].every((p) => held.has(p)));
  return { mayChangeStaffAccess: true, givableRoles: [ROLE_USER, ...givable.map((r) => r.name)] };
}
