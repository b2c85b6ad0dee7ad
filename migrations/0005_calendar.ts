import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('name', 'varchar(254)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('event_start', 'timestamptz', (c) => c.notNull())
    .addColumn('event_end', 'timestamptz')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('General', 'Chapter', 'Learning')`))
    .addColumn('chapter_id', 'integer')
    // Learning programs arrive later: no foreign key yet, one event per component.
    .addColumn('program_component_id', 'integer')
    .addColumn('location', 'varchar(255)')
    .addColumn('zoom_status', 'text')
    .addColumn('zoom_id', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('calendar_events_end_after_start', sql`event_end is null or event_end >= event_start`)
    .addCheckConstraint('calendar_events_chapter_required', sql`type <> 'Chapter' or chapter_id is not null`)
    .execute();
  await sql`create index calendar_events_start_idx on calendar_events (event_start, id)`.execute(db);
  await sql`create index calendar_events_chapter_idx on calendar_events (chapter_id) where chapter_id is not null`.execute(
    db,
  );
  await sql`create unique index calendar_events_program_component_key on calendar_events (program_component_id) where program_component_id is not null`.execute(
    db,
  );

  // Chapters come from their own migration; link to them when that table is already there.
  const { rows } = await sql<{ exists: boolean }>`select to_regclass('public.chapters') is not null as exists`.execute(
    db,
  );
  if (rows[0]?.exists) {
    await sql`alter table calendar_events add constraint calendar_events_chapter_fk foreign key (chapter_id) references chapters(id) on delete restrict`.execute(
      db,
    );
  }

  await db.schema
    .createTable('event_rsvps')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_rsvps_pkey', ['event_id', 'account_id'])
    .execute();
  await db.schema.createIndex('event_rsvps_account_idx').on('event_rsvps').column('account_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
