import { sql, type Kysely } from 'kysely';

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

  await sql`
    create table learning_component_progress (
      id serial primary key,
      account_id integer not null references accounts(id) on delete cascade,
      component_id integer not null references program_components(id) on delete cascade,
      started_at timestamptz not null default now(),
      completed_at timestamptz,
      -- Per question id (quiz, survey, assessment) or segment id (segmented lesson): what the learner sent.
      answers jsonb not null default '{}'::jsonb check (jsonb_typeof(answers) = 'object'),
      score numeric,
      xp_awarded integer not null default 0 check (xp_awarded >= 0),
      updated_at timestamptz not null default now(),
      unique (account_id, component_id)
    )`.execute(db);
  await sql`create index learning_component_progress_component_idx on learning_component_progress (component_id)`.execute(db);

  await sql`
    create table learning_xp_awards (
      id serial primary key,
      account_id integer not null references accounts(id) on delete cascade,
      component_id integer not null references program_components(id) on delete cascade,
      learning_xp_id integer not null references learning_xps(id) on delete restrict,
      xp integer not null check (xp >= 0),
      awarded_at timestamptz not null default now(),
      unique (account_id, component_id, learning_xp_id)
    )`.execute(db);
  await sql`create index learning_xp_awards_component_idx on learning_xp_awards (component_id)`.execute(db);
  await sql`create index learning_xp_awards_xp_idx on learning_xp_awards (learning_xp_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
