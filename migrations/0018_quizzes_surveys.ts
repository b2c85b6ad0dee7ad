import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createTable, orderedIn, orderKey, textList } from './lib/tables.js';

const QUIZ_QUESTION_TYPES = ['single select', 'multi select', 'sort', 'open ended', 'matcher'];
const SURVEY_QUESTION_TYPES = ['single select', 'multi select', 'sort', 'open ended'];

/**
 * The quizzes or surveys (`list`: a name, listed by last update) and their ordered questions
 * (`<kind>_questions`: the question, its type among `types`, then `columns`).
 */
async function createQuestionList(
  db: Kysely<any>,
  list: string,
  kind: string,
  types: string[],
  columns: RawBuilder<unknown>,
) {
  await createTable(db, list, sql`name text not null check (char_length(name) between 1 and 254)`);
  await sql`create index ${sql.raw(`${list}_updated_idx`)} on ${sql.raw(list)} (updated_at, id)`.execute(db);

  await createTable(
    db,
    `${kind}_questions`,
    sql`
      ${orderedIn(`${kind}_id`, list)},
      question text not null check (char_length(question) between 1 and 511),
      type text not null check (type in (${textList(types)})),
      ${columns}`,
    { constraints: orderKey(`${kind}_id`) },
  );
}

/** An ordered list of a question's choices (answers, statements, options): their text, then `columns`. */
async function createChoices(
  db: Kysely<any>,
  table: string,
  questions: string,
  text: string,
  columns?: RawBuilder<unknown>,
) {
  await sql`
    create table ${sql.raw(table)} (
      id serial primary key,
      ${orderedIn('question_id', questions)},
      ${sql.raw(text)} text not null check (char_length(${sql.raw(text)}) between 1 and 511),
      ${columns ? sql`${columns},` : sql``}
      ${orderKey('question_id')}
    )`.execute(db);
}

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
  await createQuestionList(
    db,
    'quizzes',
    'quiz',
    QUIZ_QUESTION_TYPES,
    sql`max_chosen_answers integer check (max_chosen_answers > 0)`,
  );

  await createChoices(
    db,
    'quiz_answers',
    'quiz_questions',
    'answer',
    sql`
      correct boolean not null default false,
      feedback text check (char_length(feedback) between 1 and 255),
      -- An assessment outcome the answer points at (spec 03 §3 quiz answer outcomeId); not used by the screens yet.
      outcome_id integer`,
  );

  await createChoices(
    db,
    'quiz_statements',
    'quiz_questions',
    'statement',
    sql`
      feedback text check (char_length(feedback) <= 255),
      answer_id integer not null references quiz_answers(id) on delete cascade`,
  );
  await sql`create index quiz_statements_answer_idx on quiz_statements (answer_id)`.execute(db);

  await createQuestionList(
    db,
    'surveys',
    'survey',
    SURVEY_QUESTION_TYPES,
    sql`
      category text check (char_length(category) between 1 and 255),
      max_chosen_options integer check (max_chosen_options > 0)`,
  );

  await createChoices(db, 'survey_options', 'survey_questions', 'option');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
