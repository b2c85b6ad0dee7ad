import type { Db } from '../../server/src/db/database.js';

const QUIZ_NAME = 'Society Basics Quiz';
const SURVEY_NAME = 'New Member Survey';

/**
 * A demo quiz (a single-select and a matcher question) and a demo survey (one question of each of its four
 * kinds). Idempotent: each is added only when none of that name exists. Answers the number added.
 */
export async function seedQuizzesAndSurveys(db: Db): Promise<number> {
  let added = 0;
  if (!(await db.selectFrom('quizzes').select('id').where('name', '=', QUIZ_NAME).executeTakeFirst())) {
    const quiz = await db.insertInto('quizzes').values({ name: QUIZ_NAME }).returning('id').executeTakeFirstOrThrow();
    const single = await db
      .insertInto('quizQuestions')
      .values({
        quizId: quiz.id,
        index: 0,
        question: 'What are the three pillars of the society?',
        type: 'single select',
        maxChosenAnswers: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('quizAnswers')
      .values([
        {
          questionId: single.id,
          index: 0,
          answer: 'Leadership, Success and Service',
          correct: true,
          feedback: 'Yes: the three pillars.',
          outcomeId: null,
        },
        {
          questionId: single.id,
          index: 1,
          answer: 'Sports, Music and Art',
          correct: false,
          feedback: 'Not quite: think about what members do.',
          outcomeId: null,
        },
        {
          questionId: single.id,
          index: 2,
          answer: 'Honor, Wealth and Fame',
          correct: false,
          feedback: null,
          outcomeId: null,
        },
      ])
      .execute();
    const matcher = await db
      .insertInto('quizQuestions')
      .values({
        quizId: quiz.id,
        index: 1,
        question: 'Match each role with what it does',
        type: 'matcher',
        maxChosenAnswers: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answers = await db
      .insertInto('quizAnswers')
      .values(
        ['Chapter President', 'Treasurer', 'Advisor'].map((answer, index) => ({
          questionId: matcher.id,
          index,
          answer,
          correct: false,
          feedback: null,
          outcomeId: null,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('quizStatements')
      .values([
        {
          questionId: matcher.id,
          index: 0,
          statement: 'Leads chapter meetings',
          feedback: null,
          answerId: answers[0]!.id,
        },
        {
          questionId: matcher.id,
          index: 1,
          statement: 'Keeps the chapter budget',
          feedback: 'Dues and spending go through them.',
          answerId: answers[1]!.id,
        },
      ])
      .execute();
    added++;
  }
  if (!(await db.selectFrom('surveys').select('id').where('name', '=', SURVEY_NAME).executeTakeFirst())) {
    const survey = await db
      .insertInto('surveys')
      .values({ name: SURVEY_NAME })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questions = [
      {
        question: 'How did you hear about the society?',
        type: 'single select' as const,
        category: 'Outreach',
        maxChosenOptions: null,
        options: ['Email invitation', 'A friend', 'Campus event'],
      },
      {
        question: 'Which activities interest you?',
        type: 'multi select' as const,
        category: 'Interests',
        maxChosenOptions: 2,
        options: ['Service projects', 'Leadership workshops', 'Networking events'],
      },
      {
        question: 'Rank these benefits by importance',
        type: 'sort' as const,
        category: null,
        maxChosenOptions: null,
        options: ['Scholarships', 'Career help', 'Community'],
      },
      {
        question: 'What do you hope to gain this year?',
        type: 'open ended' as const,
        category: null,
        maxChosenOptions: null,
        options: [],
      },
    ];
    for (const [index, { options, ...q }] of questions.entries()) {
      const row = await db
        .insertInto('surveyQuestions')
        .values({ ...q, surveyId: survey.id, index })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (options.length)
        await db
          .insertInto('surveyOptions')
          .values(options.map((option, i) => ({ questionId: row.id, index: i, option })))
          .execute();
    }
    added++;
  }
  return added;
}
