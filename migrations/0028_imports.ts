import { sql, type Kysely } from 'kysely';
import { createIdTable, textList } from './lib/tables.js';

/*
 * Imports of institutions, chapters and accounts keyed by their legacy ids (issue 24). An import is a
 * row here (status and counts, written batch by batch by its job); its rejected rows go to
 * import_rejected (keyed by row number, so a resumed batch never records one twice). Matching on
 * legacy ids needs them indexed; institutions and chapters are also named by abbreviation.
 */
const KINDS = ['institutions', 'chapters', 'accounts'];
const STATUSES = ['Queued', 'Running', 'Done', 'Failed'];

export async function up(db: Kysely<any>): Promise<void> {
  await createIdTable(
    db,
    'imports',
    sql`kind text not null check (kind in (${textList(KINDS)})),
      dry_run boolean not null,
      status text not null default 'Queued' check (status in (${textList(STATUSES)})),
      status_reason text,
      file_id integer references files(id) on delete set null,
      created_by integer references accounts(id) on delete set null,
      columns jsonb not null default '[]'::jsonb,
      count_rows integer not null default 0,
      count_processed integer not null default 0,
      count_created integer not null default 0,
      count_updated integer not null default 0,
      count_unchanged integer not null default 0,
      count_rejected integer not null default 0,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz`,
  );
  await sql`create index imports_created_idx on imports (created_at, id)`.execute(db);
  await sql`
    create table import_rejected (
      import_id integer not null references imports(id) on delete cascade,
      row_number integer not null,
      reason text not null,
      cells jsonb not null,
      primary key (import_id, row_number)
    )`.execute(db);

  await sql`create index if not exists institutions_legacy_id_idx on institutions (legacy_id) where legacy_id is not null`.execute(
    db,
  );
  await sql`create index if not exists institutions_abbreviation_idx on institutions (lower(abbreviation))`.execute(db);
  await sql`create index if not exists chapters_legacy_id_idx on chapters (legacy_id) where legacy_id is not null`.execute(
    db,
  );
  await sql`create index if not exists chapters_abbreviation_idx on chapters (lower(abbreviation))`.execute(db);
  await sql`create index if not exists accounts_legacy_id_idx on accounts (legacy_id) where legacy_id is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
