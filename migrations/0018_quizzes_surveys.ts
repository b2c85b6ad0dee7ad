import { sql, type Kysely } from 'kysely';

/**
 * Quizzes and surveys (spec 03 §3, §4, §5): each holds an ordered list of questions; a quiz question has
 * ordered answers (one or more marked correct) and, for a matcher, ordered statements each matched to one
 * of its answers; a survey question has ordered options. `index` is 0-based and dense within its parent:
 * writers lock the parent row (`select ... for update`) before they renumber. Types are stored by their spec names (as component types are). The type list of quiz
 * questions keeps all five kinds of the data model; the admin screens offer single select and matcher.
 */
// Length checks are upper bounds only (plus not blank): the contract's minimum of 3 counts UTF-16 units,
// char_length counts code points, so an emoji-bearing text the contract accepts could fail a min of 3 here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table quizzes (
      id serial primary key,
      name text not null check (char_length(name) between 1 and 254),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index quizzes_updated_idx on quizzes (updated_at, id)`.execute(db);

  await sql`
    create table quiz_questions (
      id serial primary key,
      quiz_id integer not null references quizzes(id) on delete cascade,
      index integer not null check (index >= 0),
      question text not null check (char_length(question) between 1 and 511),
      type text not null check (type in ('single select', 'multi select', 'sort', 'open ended', 'matcher')),
      max_chosen_answers integer check (max_chosen_answers > 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (quiz_id, index) deferrable initially deferred
    )`.execute(db);

  await sql`
    create table quiz_answers (
      id serial primary key,
      question_id integer not null references quiz_questions(id) on delete cascade,
      index integer not null check (index >= 0),
      answer text not null check (char_length(answer) between 1 and 511),
      correct boolean not null default false,
      feedback text check (char_length(feedback) between 1 and 255),
      -- An assessment outcome the answer points at (spec 03 §3 quiz answer outcomeId); not used by the screens yet.
      outcome_id integer,
      unique (question_id, index) deferrable initially deferred
    )`.execute(db);

  await sql`
    create table quiz_statements (
      id serial primary key,
      question_id integer not null references quiz_questions(id) on delete cascade,
      index integer not null check (index >= 0),
      statement text not null check (char_length(statement) between 1 and 511),
      feedback text check (char_length(feedback) <= 255),
      answer_id integer not null references quiz_answers(id) on delete cascade,
      unique (question_id, index) deferrable initially deferred
    )`.execute(db);
  await sql`create index quiz_statements_answer_idx on quiz_statements (answer_id)`.execute(db);

  await sql`
    create table surveys (
      id serial primary key,
      name text not null check (char_length(name) between 1 and 254),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index surveys_updated_idx on surveys (updated_at, id)`.execute(db);

  await sql`
    create table survey_questions (
      id serial primary key,
      survey_id integer not null references surveys(id) on delete cascade,
      index integer not null check (index >= 0),
      question text not null check (char_length(question) between 1 and 511),
      type text not null check (type in ('single select', 'multi select', 'sort', 'open ended')),
      category text check (char_length(category) between 1 and 255),
      max_chosen_options integer check (max_chosen_options > 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (survey_id, index) deferrable initially deferred
    )`.execute(db);

  await sql`
    create table survey_options (
      id serial primary key,
      question_id integer not null references survey_questions(id) on delete cascade,
      index integer not null check (index >= 0),
      option text not null check (char_length(option) between 1 and 511),
      unique (question_id, index) deferrable initially deferred
    )`.execute(db);
}
export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
