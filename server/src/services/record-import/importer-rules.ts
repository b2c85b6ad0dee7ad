import type { ImportKind } from '@app/contract';

/*
 * What an import may not change, whatever its file says (issue 34): the importer's own account, and staff
 * access (making an account staff, or whether a staff account is staff or active) unless the importer holds
 * that right (services/auth/staff-access-right.ts). Such rows are rejected with the reason, nothing changed.
 */

export const OWN_ACCOUNT = 'An import cannot change your own account';
export const STAFF_ACCESS =
  'Only a signed-in staff member can make an account staff or change whether a staff account is staff or active';

/** Who runs the import: their account (the one an API key acts for) and whether they may change staff access. */
export type Importer = { accountId: number | null; mayChangeStaffAccess: boolean };

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * Statements over the batch's `import_stage` (after each row found its record, before it is classified)
 * that reject the rows an importer may not write; none for institutions and chapters.
 */
export function importerRulesSql(kind: ImportKind, present: ReadonlySet<string>, importer: Importer): string[] {
  if (kind !== 'accounts') return [];
  const statements: string[] = [];
  if (importer.accountId !== null)
    statements.push(
      `update import_stage set reason = ${q(OWN_ACCOUNT)} where reason is null and target_id = ${Number(importer.accountId)}`,
    );
  const admin = present.has('admin') || present.has('roles');
  const active = present.has('active');
  if (!importer.mayChangeStaffAccess && (admin || active)) {
    const changes = [
      ...(admin ? ['s.admin is distinct from t.admin'] : []),
      ...(active ? ['(t.admin and s.active is distinct from t.active)'] : []),
    ];
    statements.push(
      `update import_stage s set reason = ${q(STAFF_ACCESS)}
       where s.reason is null and (
         (s.target_id is null and s.admin)
         or exists (select 1 from accounts t where t.id = s.target_id and (${changes.join(' or ')})))`,
    );
  }
  return statements;
}
