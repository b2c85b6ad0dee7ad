import { sql, type Kysely } from 'kysely';
import { createTable } from './lib/tables.js';

/**
 * Assessments: personality type tests (spec 03 §2 Learning, §3 Assessment, ../shared/DOMAIN.md "Learning").
 * An assessment has outcomes (the types a learner can come out as) and questions (single or multi select)
 * whose answers score points per outcome in the score matrix (`assessment_scores`, one row per answer and
 * outcome; a missing row scores 0). The tie-breaker question settles a tie between top outcomes
 * (contract/src/common/scoring.ts). Questions and answers keep a dense `index` (0, 1, 2 ...) in their
 * parent; writers lock the assessment row first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(
    db,
    'assessments',
    sql`
      title varchar(254) not null,
      introduction jsonb,
      tie_breaker_question_id integer`,
    { updatedBy: true },
  );
  await sql`create index assessments_title_idx on assessments (lower(title), id)`.execute(db);

  await createTable(
    db,
    'assessment_outcomes',
    sql`
      assessment_id integer not null references assessments(id) on delete cascade,
      title varchar(254) not null,
      description text`,
  );
  await sql`create index assessment_outcomes_assessment_idx on assessment_outcomes (assessment_id, id)`.execute(db);

  await createTable(
    db,
    'assessment_questions',
    sql`
      assessment_id integer not null references assessments(id) on delete cascade,
      question varchar(511) not null,
      type text not null check (type in ('single select', 'multi select')),
      index integer not null check (index >= 0)`,
    {
      constraints: sql`constraint assessment_questions_index_key unique (assessment_id, index) deferrable initially deferred`,
    },
  );

  // A question that is the tie-breaker may be deleted: the assessment then has none.
  await sql`alter table assessments add constraint assessments_tie_breaker_fk
    foreign key (tie_breaker_question_id) references assessment_questions(id) on delete set null`.execute(db);

  await sql`
    create table assessment_answers (
      id serial primary key,
      question_id integer not null references assessment_questions(id) on delete cascade,
      answer varchar(511) not null,
      index integer not null check (index >= 0),
      constraint assessment_answers_index_key unique (question_id, index) deferrable initially deferred
    )`.execute(db);

  await sql`
    create table assessment_scores (
      id serial primary key,
      answer_id integer not null references assessment_answers(id) on delete cascade,
      outcome_id integer not null references assessment_outcomes(id) on delete cascade,
      score integer not null check (score >= 0),
      constraint assessment_scores_pair_key unique (answer_id, outcome_id)
    )`.execute(db);
  await sql`create index assessment_scores_outcome_idx on assessment_scores (outcome_id)`.execute(db);

  // Programs (migration 0019) link components to assessments; when that table came first (migrations of
  // areas built side by side may run out of order), add its link here.
  const { rows } = await sql<{ missing: boolean }>`
    select to_regclass('public.program_components') is not null
       and not exists (select 1 from pg_constraint where conname = 'program_components_assessment_id_fk') as missing`.execute(
    db,
  );
  if (rows[0]?.missing) {
    await sql`alter table program_components add constraint program_components_assessment_id_fk
      foreign key (assessment_id) references assessments(id) on delete restrict`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
