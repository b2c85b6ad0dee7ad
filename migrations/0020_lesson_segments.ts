import { sql, type Kysely } from 'kysely';

/**
 * Lesson segments (spec 03 §3 Lesson segment, §4 ordering): the pages of a 'segmented lesson' program
 * component, in a dense `index` order (0, 1, 2 ...) that reorders rewrite while the component row is
 * locked. `curriculum` is a rich-text document (`{type:'doc', content:[...]}`, checked by the API);
 * `slug` comes from the name and is unique within the lesson (learners read segments by slug).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table lesson_segments (
      id serial primary key,
      program_component_id integer not null references program_components(id) on delete cascade,
      name varchar(254) not null,
      slug text not null,
      curriculum jsonb not null default '{"type":"doc","content":[]}'::jsonb
        check (jsonb_typeof(curriculum) = 'object' and curriculum->>'type' = 'doc'),
      index integer not null default 0 check (index >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      updated_by integer references accounts(id) on delete set null,
      unique (program_component_id, slug)
    )`.execute(db);
  await sql`create index lesson_segments_component_idx on lesson_segments (program_component_id, index, id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
