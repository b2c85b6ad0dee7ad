import { sql, type RawBuilder } from 'kysely';
import { auditField, auditNameKey, AUDIT_REF_TABLES, type AuditEntry, type AuditRefTable } from '@app/contract';
import type { Db } from '../../db/database.js';
import { forThirdParty, withheldIf } from '../../db/directory-opt-out.js';

/** How each table a log row refers to is named: an account by its full name, a file by its file name. */
const NAME_SQL: Record<AuditRefTable, RawBuilder<string | null>> = {
  accounts: sql`nullif(trim(first_name || ' ' || last_name), '')`,
  chapters: sql`name`,
  institutions: sql`name`,
  invitations: sql`(select c.name || ' · ' || to_char(t.deadline, 'Mon FMDD, YYYY') from chapters c where c.id = t.chapter_id)`,
  email_templates: sql`name`,
  invitation_tests: sql`name`,
  files: sql`file_name`,
  programs: sql`name`,
  api_keys: sql`name`,
  roles: sql`name`,
};

const isRefTable = (entity: string): entity is AuditRefTable =>
  (AUDIT_REF_TABLES as readonly string[]).includes(entity);
const asId = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d{1,9}$/.test(value)) ? Number(value) : null;

/** The `table:id` pairs an entry names: itself, and the references among its changes' values and its detail. */
function referencesOf(entry: AuditEntry): [AuditRefTable, number][] {
  const refs: [AuditRefTable, number][] = [];
  const add = (table: AuditRefTable | undefined, value: unknown) => {
    const id = asId(value);
    if (table && id !== null) refs.push([table, id]);
  };
  if (isRefTable(entry.entity)) add(entry.entity, entry.entityId);
  for (const [key, { old, new: now }] of Object.entries(entry.changes ?? {})) {
    add(auditField(key).ref, old);
    add(auditField(key).ref, now);
  }
  for (const [key, value] of Object.entries(entry.detail ?? {})) add(auditField(key).ref, value);
  return refs;
}

/**
 * A page of audit entries with `names`: the name of each record they refer to, one query per table named
 * (never one per row), so the log shows 'Harbor Point College', not `institutions #16` or `chapterId: 4`.
 */
export async function withNames(db: Db, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const perEntry = entries.map(referencesOf);
  const ids = new Map<AuditRefTable, Set<number>>();
  for (const [table, id] of perEntry.flat()) ids.set(table, (ids.get(table) ?? new Set()).add(id));
  const names = new Map<string, string>();
  await Promise.all(
    [...ids].map(async ([table, set]) => {
      // To a third party, an opted-out account named by any row reads as its placeholder (issue 36 §5).
      const name =
        table === 'accounts' && forThirdParty()
          ? withheldIf(sql.ref('directory_opt_out'), NAME_SQL[table], 'name')
          : NAME_SQL[table];
      const { rows } = await sql<{ id: number; name: string | null }>`
        select t.id, ${name} as name from ${sql.table(table)} t where t.id = any(${[...set]}::int[])`.execute(db);
      for (const row of rows) if (row.name) names.set(auditNameKey(table, row.id), row.name);
    }),
  );
  return entries.map((entry, i) => {
    const own: Record<string, string> = {};
    for (const [table, id] of perEntry[i] ?? []) {
      const name = names.get(auditNameKey(table, id));
      if (name) own[auditNameKey(table, id)] = name;
    }
    return { ...entry, names: own };
  });
}
