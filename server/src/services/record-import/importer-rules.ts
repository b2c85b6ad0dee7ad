import { ROLE_USER, ROLES_NOT_HELD, type ImportKind } from '@app/contract';

/*
 * What an import may not change, whatever its file says (issue 34): the importer's own account, and staff
 * access (making an account staff, whether a staff account is staff or active, an account's roles) unless the
 * importer holds that right (services/auth/staff-access-right.ts), and then only roles whose permissions they
 * hold (issue 35). Such rows are rejected with the reason, nothing changed.
 */

export const OWN_ACCOUNT = 'An import cannot change your own account';
export const STAFF_ACCESS =
  'Only a signed-in staff member holding roles:write can make an account staff, change whether a staff account is staff or active, or change its roles';

/**
 * Who runs the import: their account (the one an API key acts for), whether they may change staff access, and
 * the roles they may give.
 */
export type Importer = { accountId: number | null; mayChangeStaffAccess: boolean; givableRoles: string[] };

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
      ...(present.has('roles') ? ['not (s.roles @> t.roles and s.roles <@ t.roles)'] : []),
    ];
    const newRoles = present.has('roles') ? ` or not (s.roles <@ array[${q(ROLE_USER)}])` : '';
    statements.push(
      `update import_stage s set reason = ${q(STAFF_ACCESS)}
       where s.reason is null and (
         (s.target_id is null and (s.admin${newRoles}))
         or exists (select 1 from accounts t where t.id = s.target_id and (${changes.join(' or ')})))`,
    );
  }
  if (importer.mayChangeStaffAccess && present.has('roles')) {
    const givable = `array[${importer.givableRoles.map(q).join(', ')}]::text[]`;
    statements.push(
      `update import_stage s set reason = ${q(ROLES_NOT_HELD)} || ': ' || array_to_string(array(select unnest(s.roles) except select unnest(${givable})), ', ')
       where s.reason is null and not (s.roles <@ ${givable})
         and not exists (select 1 from accounts t where t.id = s.target_id and s.roles <@ t.roles)`,
    );
  }
  return statements;
}
