import type { Db } from '../../server/src/db/database.js';

const TITLE = 'Leadership Style';
const OUTCOMES = [
  { title: 'Visionary', description: 'Sees where the group should go and brings others along.' },
  { title: 'Coach', description: 'Grows people one conversation at a time.' },
  { title: 'Organizer', description: 'Turns plans into schedules, roles and results.' },
];
/** Each answer's scores for Visionary, Coach and Organizer. */
const QUESTIONS: Array<{
  question: string;
  type: 'single select' | 'multi select';
  answers: Array<[string, [number, number, number]]>;
}> = [
  {
    question: 'A new project starts. What do you do first?',
    type: 'single select',
    answers: [
      ['Describe what success will look like', [3, 1, 0]],
      ['Ask each member what they want to learn', [0, 3, 1]],
      ['Draft the timeline and assign tasks', [0, 1, 3]],
    ],
  },
  {
    question: 'Which compliments mean the most to you?',
    type: 'multi select',
    answers: [
      ['You inspired me', [2, 1, 0]],
      ['You helped me grow', [0, 2, 0]],
      ['You made it run smoothly', [0, 0, 2]],
    ],
  },
  {
    question: 'A teammate misses a deadline. How do you respond?',
    type: 'single select',
    answers: [
      ['Remind them why the work matters', [2, 1, 0]],
      ['Talk through what got in the way', [0, 3, 0]],
      ['Adjust the plan and set a check-in', [0, 0, 3]],
    ],
  },
  {
    question: 'Which role would you pick at the chapter retreat?',
    type: 'single select',
    answers: [
      ['Give the opening talk', [3, 0, 0]],
      ['Lead a small-group workshop', [1, 3, 0]],
      ['Run logistics for the weekend', [0, 0, 3]],
    ],
  },
];

/**
 * The demo assessment (spec 03 personality type test): 3 outcomes, 4 questions (one multi select) of 3
 * answers each, every cell of the score matrix filled, the last question as tie-breaker. Idempotent: nothing
 * is added when an assessment with its title exists.
 */
export async function seedAssessments(db: Db): Promise<number> {
  if (await db.selectFrom('assessments').select('id').where('title', '=', TITLE).executeTakeFirst()) return 0;
  const introduction = {
    type: 'doc' as const,
    content: [
      {
        id: 'intro-1',
        type: 'paragraph',
        props: {},
        content: [{ type: 'text', text: 'Four questions about how you lead. There are no wrong answers.' }],
        children: [],
      },
    ],
  };
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('assessments')
      .values({ title: TITLE, introduction: JSON.stringify(introduction) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outcomes = await trx
      .insertInto('assessmentOutcomes')
      .values(OUTCOMES.map((o) => ({ assessmentId: id, ...o })))
      .returning('id')
      .execute();
    let tieBreaker = 0;
    for (const [index, q] of QUESTIONS.entries()) {
      const question = await trx
        .insertInto('assessmentQuestions')
        .values({ assessmentId: id, question: q.question, type: q.type, index })
        .returning('id')
        .executeTakeFirstOrThrow();
      tieBreaker = question.id;
      const answers = await trx
        .insertInto('assessmentAnswers')
        .values(q.answers.map(([answer], i) => ({ questionId: question.id, answer, index: i })))
        .returning('id')
        .execute();
      const scores = answers.flatMap((a, i) =>
        outcomes.map((o, j) => ({ answerId: a.id, outcomeId: o.id, score: q.answers[i]![1][j]! })),
      );
      await trx.insertInto('assessmentScores').values(scores).execute();
    }
    await trx.updateTable('assessments').set({ tieBreakerQuestionId: tieBreaker }).where('id', '=', id).execute();
    return 1;
  });
}
