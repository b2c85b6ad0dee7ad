import { sql, type Kysely, type RawBuilder } from 'kysely';
import { belongsTo, createIdTable } from './lib/tables.js';

/**
 * A table of a learner's rows per program component: `id`, `account_id` and `component_id` (the row goes
 * with either), then `columns`; one row per account, component and the `key` columns, indexed by component.
 */
async function createPerComponent(
  db: Kysely<any>,
  name: string,
  columns: RawBuilder<unknown>,
  key: string[] = [],
): Promise<void> {
  await createIdTable(
    db,
    name,
    sql`
      ${belongsTo('account_id', 'accounts')},
      ${belongsTo('component_id', 'program_components')},
      ${columns},
      unique (${sql.raw(['account_id', 'component_id', ...key].join(', '))})`,
  );
  await sql`create index ${sql.raw(`${name}_component_idx`)} on ${sql.raw(name)} (component_id)`.execute(db);
}

/**
 * Learner progress (spec 03 §4 "Learner program flow", §7 "Learner program API"): per account and
 * program (started, finished), per account and component (started, completed, answers, score, the XP
 * awarded), and one XP award row per account, component and learning XP kind. The unique keys make
 * every write an `insert ... on conflict`, so a post repeated (or two posted at once) awards XP once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table learning_program_progress (
      account_id integer not null references accounts(id) on delete cascade,
      program_id integer not null references programs(id) on delete cascade,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      primary key (account_id, program_id)
    )`.execute(db);
  await sql`create index learning_program_progress_program_idx on learning_program_progress (program_id)`.execute(db);

  await createPerComponent(
    db,
    'learning_component_progress',
    sql`
      started_at timestamptz not null default now(),
      completed_at timestamptz,
      -- Per question id (quiz, survey, assessment) or segment id (segmented lesson): what the learner sent.
      answers jsonb not null default '{}'::jsonb check (jsonb_typeof(answers) = 'object'),
      score numeric,
      xp_awarded integer not null default 0 check (xp_awarded >= 0),
      updated_at timestamptz not null default now()`,
  );

  await createPerComponent(
    db,
    'learning_xp_awards',
    sql`
      learning_xp_id integer not null references learning_xps(id) on delete restrict,
      xp integer not null check (xp >= 0),
      awarded_at timestamptz not null default now()`,
    ['learning_xp_id'],
  );
  await sql`create index learning_xp_awards_xp_idx on learning_xp_awards (learning_xp_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
