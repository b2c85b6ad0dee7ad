import { sql, type Kysely } from 'kysely';

/*
 * The society's settings screen (issue 38 §7):
 * - logo_file_id: the logo drawn on receipts and certificates (a stored file; deleting the file drops the logo);
 * - postal_address: the address as its parts (spec 01 §3 Address), edited on the screen; `address` stays the
 *   printed text (its lines), written from the parts on each save.
 * The row is audited already (migration 0036b's trigger).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table society_settings
      add column logo_file_id integer references files (id) on delete set null,
      add column postal_address jsonb`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
