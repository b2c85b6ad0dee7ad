import { sql } from 'kysely';
import type { ComponentType } from '@app/contract';
import type { Db } from '../../db/database.js';
import { visiblePrograms } from '../../services/learning-progress/visible-programs.js';

// SQL of the learner program API: programs, components with one account's progress, and the questions,
// segments and events learners read. Questions are read by their 1-based position (`index` + 1).

export async function programForMember(db: Db, accountId: number, slug: string) {
  return visiblePrograms(db, accountId).where('slug', '=', slug).executeTakeFirst();
}

export async function programsForMember(db: Db, accountId: number) {
  return visiblePrograms(db, accountId).orderBy('name').orderBy('id').execute();
}
export type LearnProgram = NonNullable<Awaited<ReturnType<typeof programForMember>>>;

/** Every component of the programs in syllabus order (program by program), with the account's progress and the XP kinds. */
export async function componentsWithProgress(db: Db, accountId: number, programIds: number | readonly number[]) {
  const ids = typeof programIds === 'number' ? [programIds] : [...programIds];
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('programComponents as pc')
    .innerJoin('programSections as s', 's.id', 'pc.sectionId')
    .leftJoin('learningComponentProgress as p', (j) =>
      j.onRef('p.componentId', '=', 'pc.id').on('p.accountId', '=', accountId),
    )
    .select([
      'pc.id',
      'pc.programId',
      'pc.sectionId',
      'pc.slug',
      'pc.name',
      'pc.componentType',
      'pc.index',
      'pc.xp',
      'pc.curriculum',
      'pc.assessmentId',
      'pc.quizId',
      'pc.surveyId',
      'pc.fallbackId',
      'pc.aiTemplateId',
      'p.startedAt',
      'p.completedAt',
      'p.score',
      sql<number>`coalesce(p.xp_awarded, 0)`.as('xpAwarded'),
      sql<
        Array<{ id: number; name: string }>
      >`coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.id)
        from program_component_xps cx join learning_xps x on x.id = cx.learning_xp_id where cx.program_component_id = pc.id), '[]'::json)`.as(
        'learningXps',
      ),
    ])
    .where('pc.programId', 'in', ids)
    .orderBy('pc.programId')
    .orderBy('s.index')
    .orderBy('s.id')
    .orderBy('pc.index')
    .orderBy('pc.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    componentType: r.componentType as ComponentType,
    score: r.score === null ? null : Number(r.score),
  }));
}
export type ComponentRow = Awaited<ReturnType<typeof componentsWithProgress>>[number];

export async function sectionsOf(db: Db, programId: number) {
  return db
    .selectFrom('programSections')
    .select(['id', 'name', 'description', 'index'])
    .where('programId', '=', programId)
    .orderBy('index')
    .orderBy('id')
    .execute();
}

/** A quiz question by 1-based position, with its answers (stored order) and statements; and the count. */
export async function quizQuestionAt(db: Db, quizId: number, position: number) {
  const all = await db
    .selectFrom('quizQuestions')
    .select(['id', 'question', 'type', 'maxChosenAnswers'])
    .where('quizId', '=', quizId)
    .orderBy('index')
    .orderBy('id')
    .execute();
  const q = all[position - 1];
  if (!q) return undefined;
  const [answers, statements] = await Promise.all([
    db
      .selectFrom('quizAnswers')
      .select(['id', 'answer', 'correct', 'feedback'])
      .where('questionId', '=', q.id)
      .orderBy('index')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('quizStatements')
      .select(['id', 'statement', 'feedback', 'answerId'])
      .where('questionId', '=', q.id)
      .orderBy('index')
      .orderBy('id')
      .execute(),
  ]);
  return { ...q, answers, statements, questionIds: all.map((x) => x.id) };
}

/** A survey question by 1-based position with its options; and every question id. */
export async function surveyQuestionAt(db: Db, surveyId: number, position: number) {
  const all = await db
    .selectFrom('surveyQuestions')
    .select(['id', 'question', 'type', 'category', 'maxChosenOptions'])
    .where('surveyId', '=', surveyId)
    .orderBy('index')
    .orderBy('id')
    .execute();
  const q = all[position - 1];
  if (!q) return undefined;
  const options = await db
    .selectFrom('surveyOptions')
    .select(['id', 'option'])
    .where('questionId', '=', q.id)
    .orderBy('index')
    .orderBy('id')
    .execute();
  return { ...q, options, questionIds: all.map((x) => x.id) };
}

/** An assessment as scoring reads it (outcomes, questions with answers and scores, tie-breaker). */
export async function assessmentFor(db: Db, assessmentId: number) {
  const head = await db
    .selectFrom('assessments')
    .select(['id', 'title', 'introduction', 'tieBreakerQuestionId'])
    .where('id', '=', assessmentId)
    .executeTakeFirst();
  if (!head) return undefined;
  const [outcomes, questions, answers, scores] = await Promise.all([
    db
      .selectFrom('assessmentOutcomes')
      .select(['id', 'title', 'description'])
      .where('assessmentId', '=', assessmentId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('assessmentQuestions')
      .select(['id', 'question', 'type'])
      .where('assessmentId', '=', assessmentId)
      .orderBy('index')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('assessmentAnswers as a')
      .innerJoin('assessmentQuestions as q', 'q.id', 'a.questionId')
      .select(['a.id', 'a.questionId', 'a.answer'])
      .where('q.assessmentId', '=', assessmentId)
      .orderBy('a.index')
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('assessmentScores as s')
      .innerJoin('assessmentOutcomes as o', 'o.id', 's.outcomeId')
      .select(['s.answerId', 's.outcomeId', 's.score'])
      .where('o.assessmentId', '=', assessmentId)
      .execute(),
  ]);
  return {
    ...head,
    outcomes,
    tieBreakerQuestion: head.tieBreakerQuestionId === null ? null : { id: head.tieBreakerQuestionId },
    questions: questions.map((q) => ({
      ...q,
      answers: answers
        .filter((a) => a.questionId === q.id)
        .map((a) => ({ id: a.id, answer: a.answer, scores: scores.filter((s) => s.answerId === a.id) })),
    })),
  };
}

export async function segmentsOf(db: Db, componentId: number) {
  return db
    .selectFrom('lessonSegments')
    .select(['id', 'slug', 'name', 'index', 'curriculum'])
    .where('programComponentId', '=', componentId)
    .orderBy('index')
    .orderBy('id')
    .execute();
}

/** A calendar-event component's Learning event with whether the account RSVPed. */
export async function eventOfComponent(db: Db, accountId: number, componentId: number) {
  return db
    .selectFrom('calendarEvents as e')
    .select([
      'e.uuid',
      'e.name',
      'e.description',
      'e.eventStart',
      'e.eventEnd',
      'e.location',
      sql<boolean>`exists (select 1 from event_rsvps r where r.event_id = e.id and r.account_id = ${accountId})`.as(
        'hasRsvp',
      ),
    ])
    .where('e.programComponentId', '=', componentId)
    .orderBy('e.eventStart')
    .executeTakeFirst();
}

/** The XP awards of one component for one account. */
export async function awardsOf(db: Db, accountId: number, componentId: number) {
  return db
    .selectFrom('learningXpAwards as a')
    .innerJoin('learningXps as x', 'x.id', 'a.learningXpId')
    .select(['a.learningXpId', 'x.name', 'a.xp', 'a.awardedAt'])
    .where('a.accountId', '=', accountId)
    .where('a.componentId', '=', componentId)
    .orderBy('a.learningXpId')
    .execute();
}
