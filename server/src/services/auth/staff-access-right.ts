import type { AuditActor } from '../../db/audit-context.js';

/**
 * The right to make an account staff, or to change whether a staff account is staff or active: today every
 * signed-in staff member holds it (the account form), an API key never does (issue 34). The one place the
 * rule is said, for the import's check (record-import/importer-rules.ts); a roles issue can make it a role's.
 * @example if (!mayChangeStaffAccess(auditActors.getStore())) ...
 */
export function mayChangeStaffAccess(actor: Pick<AuditActor, 'accountId' | 'apiKeyId'> | null | undefined): boolean {
  return !!actor && actor.apiKeyId === null && actor.accountId !== null;
}
