import { sql } from 'kysely';
import type { ComponentType } from '@app/contract';
import type { Db } from '../../server/src/db/database.js';

const PROGRAM_SLUG = 'leadership-foundations';
/** The demo quiz, survey and assessment the components link to when their seeds ran (looked up by name). */
const QUIZ_NAME = 'Society Basics Quiz';
const SURVEY_NAME = 'New Member Survey';
/** The demo AI chat templates the AI components use when the AI chat seed ran first (scripts/seed/ai-chat.ts). */
const AI_TEMPLATES = {
  feedback: 'Reflection Feedback',
  chat: 'Goal Coach Chat',
  goal: 'Semester Goals Generator',
  task: 'Semester Tasks Planner',
} as const;

async function idOf(db: Db, table: string, column: string, value?: string): Promise<number | null> {
  const where = value === undefined ? sql`true` : sql`${sql.ref(column)} = ${value}`;
  const { rows } = await sql<{
    id: number;
  }>`select id from ${sql.table(table)} where ${where} order by id limit 1`.execute(db);
  return rows[0]?.id ?? null;
}

const doc = (text: string) => ({
  type: 'doc' as const,
  content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }],
});

/**
 * A demo program (spec 03 Learning): two sections holding a component of every type, the quiz, survey and
 * assessment and the AI chat templates linked when their demo rows exist, a segmented lesson with slug 'demo-lesson' (its segments
 * come from the lessons seed) and a calendar event with its Learning event and an async fallback.
 * Idempotent: nothing is added when the program exists. Answers the number of programs added.
 */
export async function seedPrograms(db: Db): Promise<number> {
  if (await db.selectFrom('programs').select('id').where('slug', '=', PROGRAM_SLUG).executeTakeFirst()) return 0;
  const quizId = await idOf(db, 'quizzes', 'name', QUIZ_NAME);
  const surveyId = await idOf(db, 'surveys', 'name', SURVEY_NAME);
  // The assessments seed names its demo assessment itself: take the first one there is.
  const assessmentId = await idOf(db, 'assessments', 'title');
  const xps = new Map((await db.selectFrom('learningXps').select(['id', 'name']).execute()).map((x) => [x.name, x.id]));

  await db.transaction().execute(async (trx) => {
    const program = await trx
      .insertInto('programs')
      .values({
        name: 'Leadership Foundations',
        slug: PROGRAM_SLUG,
        summary: 'The first steps of every new member: lessons, a quiz, a survey and a live session.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [first, second] = await trx
      .insertInto('programSections')
      .values([
        { programId: program.id, name: 'Getting Started', description: 'Who we are and what members do', index: 0 },
        {
          programId: program.id,
          name: 'Going Further',
          description: 'Practice with AI coaching and a live session',
          index: 1,
        },
      ])
      .returning('id')
      .execute();
    const ai = async (kind: keyof typeof AI_TEMPLATES) => ({
      aiTemplateId: await idOf(trx, 'ai_chat_templates', 'name', AI_TEMPLATES[kind]),
    });
    type Row = {
      sectionId: number;
      name: string;
      slug: string;
      componentType: ComponentType;
      xp?: number;
      xps?: string[];
      links?: Record<string, unknown>;
    };
    const rows: Row[] = [
      {
        sectionId: first!.id,
        name: 'Welcome to the Society',
        slug: 'welcome',
        componentType: 'lesson',
        links: {
          curriculum: JSON.stringify(doc('Welcome! This lesson introduces the society and its three pillars.')),
        },
      },
      {
        sectionId: first!.id,
        name: 'Our History',
        slug: 'demo-lesson',
        componentType: 'segmented lesson',
        xp: 20,
        xps: ['Scholarship'],
      },
      {
        sectionId: first!.id,
        name: 'Personality Assessment',
        slug: 'personality-assessment',
        componentType: 'assessment',
        xp: 15,
        xps: ['Leadership'],
        links: { assessmentId },
      },
      {
        sectionId: first!.id,
        name: 'Society Basics Check',
        slug: 'society-basics-check',
        componentType: 'quiz',
        xp: 10,
        xps: ['Leadership', 'Scholarship'],
        links: { quizId },
      },
      {
        sectionId: first!.id,
        name: 'Tell Us About You',
        slug: 'tell-us-about-you',
        componentType: 'survey',
        xp: 5,
        xps: ['Service'],
        links: { surveyId },
      },
      {
        sectionId: second!.id,
        name: 'Reflection Feedback',
        slug: 'reflection-feedback',
        componentType: 'feedback',
        links: await ai('feedback'),
      },
      {
        sectionId: second!.id,
        name: 'Leadership Coach Chat',
        slug: 'leadership-coach-chat',
        componentType: 'chat',
        xp: 10,
        xps: ['Leadership'],
        links: await ai('chat'),
      },
      {
        sectionId: second!.id,
        name: 'Set Your Goal',
        slug: 'set-your-goal',
        componentType: 'goal',
        links: await ai('goal'),
      },
      {
        sectionId: second!.id,
        name: 'Plan Your Tasks',
        slug: 'plan-your-tasks',
        componentType: 'task',
        links: await ai('task'),
      },
      {
        sectionId: second!.id,
        name: 'Live Orientation',
        slug: 'live-orientation',
        componentType: 'calendar event',
        xp: 25,
        xps: ['Service'],
      },
    ];
    const indexes = new Map<number, number>();
    const ids = new Map<string, number>();
    for (const row of rows) {
      const index = indexes.get(row.sectionId) ?? 0;
      indexes.set(row.sectionId, index + 1);
      const { id } = await trx
        .insertInto('programComponents')
        .values({
          programId: program.id,
          sectionId: row.sectionId,
          name: row.name,
          slug: row.slug,
          componentType: row.componentType,
          xp: row.xp ?? 0,
          index,
          ...row.links,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(row.slug, id);
      const xpIds = (row.xps ?? []).flatMap((name) => xps.get(name) ?? []);
      if (xpIds.length)
        await trx
          .insertInto('programComponentXps')
          .values(xpIds.map((learningXpId) => ({ programComponentId: id, learningXpId })))
          .execute();
    }
    const liveId = ids.get('live-orientation')!;
    await trx
      .updateTable('programComponents')
      .set({ calendarHasFallback: true, fallbackId: ids.get('welcome')! })
      .where('id', '=', liveId)
      .execute();
    await trx
      .insertInto('calendarEvents')
      .values({
        name: 'Live Orientation',
        description: 'Meet the chapter officers and ask questions.',
        eventStart: '2030-09-15T17:00:00.000Z',
        eventEnd: '2030-09-15T18:00:00.000Z',
        type: 'Learning',
        programComponentId: liveId,
        location: 'Online',
      })
      .execute();
  });
  return 1;
}
