import { sql, type Kysely } from 'kysely';

const fileRef = 'files.id';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chapters')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('abbreviation', 'varchar(12)', (c) => c.notNull())
    .addColumn('institution_id', 'integer', (c) => c.notNull().references('institutions.id').onDelete('restrict'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('accepting_members', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('legacy_id', 'integer')
    .addColumn('address', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('logo_id', 'integer', (c) => c.references(fileRef).onDelete('set null'))
    .addColumn('invitation_advisor1_name', 'text')
    .addColumn('invitation_advisor1_title', 'text')
    .addColumn('invitation_advisor1_department', 'text')
    .addColumn('invitation_advisor1_email', 'text')
    .addColumn('invitation_advisor1_signature_id', 'integer', (c) => c.references(fileRef).onDelete('set null'))
    .addColumn('invitation_advisor2_name', 'text')
    .addColumn('invitation_advisor2_email', 'text')
    .addColumn('invitation_advisor2_signature_id', 'integer', (c) => c.references(fileRef).onDelete('set null'))
    .addColumn('invitation_president_name', 'text')
    .addColumn('invitation_president_email', 'text')
    .addColumn('invitation_president_signature_id', 'integer', (c) => c.references(fileRef).onDelete('set null'))
    .addColumn('invitation_landing_page', 'text')
    .addColumn('invitation_testimonial_name', 'text')
    .addColumn('invitation_testimonial_title', 'text')
    .addColumn('invitation_testimonial_text', 'text')
    .addColumn('scla_page', 'text')
    .addColumn('scla_page_image_id', 'integer', (c) => c.references(fileRef).onDelete('set null'))
    .addColumn('search', 'text', (c) => c.generatedAlwaysAs(sql`lower(name || ' ' || abbreviation)`).stored())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index chapters_name_idx on chapters (name, id)`.execute(db);
  await sql`create index chapters_search_trgm_idx on chapters using gin (search gin_trgm_ops)`.execute(db);
  await sql`create index chapters_institution_idx on chapters (institution_id)`.execute(db);

  await sql`alter table accounts add constraint accounts_chapter_fk foreign key (chapter_id) references chapters(id) on delete set null`.execute(
    db,
  );
  await sql`create index if not exists accounts_chapter_idx on accounts (chapter_id) where chapter_id is not null`.execute(
    db,
  );

  // Calendar events may have been created before this table existed (migrations land out of order):
  // link their chapter now when that migration could not; rows already there are not re-checked.
  const { rows } = await sql<{ missing: boolean }>`
    select to_regclass('public.calendar_events') is not null
       and not exists (select 1 from pg_constraint where conname = 'calendar_events_chapter_fk') as missing`.execute(
    db,
  );
  if (rows[0]?.missing) {
    await sql`alter table calendar_events add constraint calendar_events_chapter_fk foreign key (chapter_id) references chapters(id) on delete restrict not valid`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
