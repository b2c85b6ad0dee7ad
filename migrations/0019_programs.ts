import { sql, type Kysely } from 'kysely';
import { createTable, textList } from './lib/tables.js';

/** The component types of spec 03 §3, stored by their spec names. */
const COMPONENT_TYPES = [
  'lesson',
  'segmented lesson',
  'quiz',
  'feedback',
  'assessment',
  'chat',
  'goal',
  'task',
  'survey',
  'calendar event',
];

/** Links to tables of other learning migrations, added only when the table is there (see 0005's chapters). */
const OPTIONAL_LINKS: Array<[column: string, table: string]> = [
  ['assessment_id', 'assessments'],
  ['quiz_id', 'quizzes'],
  ['survey_id', 'surveys'],
];

/**
 * Learning programs (spec 03 §2 Learning, §3 Program / Section / Program component, §4 ordering and
 * structure rules): a program is a syllabus of sections, each holding its components in a dense
 * `index` order; learning XP kinds tag components. A calendar-event component owns one Learning
 * calendar event (calendar_events.program_component_id) and may fall back to another component.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(
    db,
    'programs',
    sql`
      name text not null,
      slug text not null unique,
      summary text`,
    { updatedBy: true },
  );

  await createTable(
    db,
    'program_sections',
    sql`
      program_id integer not null references programs(id) on delete cascade,
      name varchar(254) not null,
      description text,
      index integer not null default 999`,
  );
  await sql`create index program_sections_program_idx on program_sections (program_id, index, id)`.execute(db);

  await createTable(
    db,
    'program_components',
    sql`
      program_id integer not null references programs(id) on delete cascade,
      -- No action (checked at the end of the statement): deleting a program removes its sections and
      -- components in one go, while deleting one section or fallback target alone is refused.
      section_id integer not null references program_sections(id),
      name varchar(254) not null,
      slug text not null,
      component_type text not null check (component_type in (${textList(COMPONENT_TYPES)})),
      curriculum jsonb,
      assessment_id integer,
      quiz_id integer,
      survey_id integer,
      ai_template_id integer,
      ai_video_template_id integer,
      calendar_has_fallback boolean not null default false,
      fallback_id integer references program_components(id),
      xp integer not null default 0 check (xp >= 0),
      index integer not null default 999`,
    {
      updatedBy: true,
      constraints: sql`
      unique (program_id, slug),
      check (fallback_id is null or fallback_id <> id)`,
    },
  );
  await sql`create index program_components_section_idx on program_components (section_id, index, id)`.execute(db);
  await sql`create index program_components_fallback_idx on program_components (fallback_id) where fallback_id is not null`.execute(
    db,
  );

  for (const [column, table] of OPTIONAL_LINKS) {
    const { rows } = await sql<{
      exists: boolean;
    }>`select to_regclass(${`public.${table}`}) is not null as exists`.execute(db);
    if (rows[0]?.exists) {
      await sql`alter table program_components add constraint ${sql.raw(`program_components_${column}_fk`)}
        foreign key (${sql.raw(column)}) references ${sql.raw(table)}(id) on delete restrict`.execute(db);
    }
    await sql`create index ${sql.raw(`program_components_${column}_idx`)} on program_components (${sql.raw(column)})
      where ${sql.raw(column)} is not null`.execute(db);
  }

  // calendar_events.program_component_id keeps no foreign key (calendar tests store events for components
  // that do not exist); deleting a component deletes its Learning event in the same transaction instead.

  await sql`
    create table learning_xps (
      id serial primary key,
      name text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into learning_xps (name) values
    ('Leadership'), ('Service'), ('Scholarship'), ('Career'), ('Wellness')`.execute(db);

  await sql`
    create table program_component_xps (
      program_component_id integer not null references program_components(id) on delete cascade,
      learning_xp_id integer not null references learning_xps(id) on delete restrict,
      primary key (program_component_id, learning_xp_id)
    )`.execute(db);
  await sql`create index program_component_xps_xp_idx on program_component_xps (learning_xp_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
