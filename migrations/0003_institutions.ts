import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('institutions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('abbreviation', 'varchar(12)', (c) => c.notNull())
    .addColumn('legacy_id', 'integer')
    .addColumn('ownership', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('population', 'text')
    .addColumn('religious_affiliation', 'text', (c) => c.notNull().defaultTo('Unknown'))
    .addColumn('financial_model', 'text', (c) => c.notNull().defaultTo('Unknown'))
    .addColumn('logo_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('address', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Every logo an institution has had (the spec's "logos list"); the current one is logo_id.
  await db.schema
    .createTable('institution_logos')
    .addColumn('institution_id', 'integer', (c) => c.notNull().references('institutions.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('institution_logos_pkey', ['institution_id', 'file_id'])
    .execute();
  await sql`create index institutions_name_idx on institutions (name, id)`.execute(db);
  await sql`create index institutions_search_idx on institutions using gin ((name || ' ' || abbreviation) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index institutions_type_idx on institutions (type)`.execute(db);
  await sql`alter table accounts add constraint accounts_institution_fk foreign key (institution_id) references institutions(id) on delete set null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
