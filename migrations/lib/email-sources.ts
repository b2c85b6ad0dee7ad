import { sql, type Kysely } from 'kysely';

/**
 * Adds `sources` to the send log's allowed sources (`email_sends_source_check`): the list as it stands, plus
 * these (another migration may have added its own meanwhile).
 * @example await addEmailSources(db, 'badge_reissued');
 */
export async function addEmailSources(db: Kysely<any>, ...added: string[]): Promise<void> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'email_sends_source_check'`.execute(db);
  const sources = [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
  const list = [...new Set([...sources, ...added])].map((s) => `'${s}'`).join(', ');
  await sql
    .raw(
      `alter table email_sends drop constraint email_sends_source_check,
         add constraint email_sends_source_check check (source in (${list}))`,
    )
    .execute(db);
}
