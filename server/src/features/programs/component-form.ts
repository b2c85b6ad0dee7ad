import { sql } from 'kysely';
import type { KeyValue, ProgramComponentForm } from '@app/contract';
import type { Db } from '../../db/database.js';

const options = (rows: Array<{ key: number; value: string }>): KeyValue[] =>
  rows.map((r) => ({ key: r.key, value: r.value }));

/** Id/label pairs of `table` (of one `type` when given) ordered by label. */
async function listOf(db: Db, table: string, label: string, type?: string): Promise<KeyValue[]> {
  const where = type === undefined ? sql`true` : sql`type = ${type}`;
  const { rows } = await sql<{ key: number; value: string }>`
    select id as key, ${sql.ref(label)} as value from ${sql.table(table)} where ${where} order by 2, 1`.execute(db);
  return options(rows);
}

/**
 * The dialog's option lists: assessments, quizzes and surveys from their tables, the AI lists from
 * ai_chat_templates (by type) and ai_video_templates.
 */
export async function componentForm(db: Db): Promise<ProgramComponentForm> {
  const learningXps = options(
    await db.selectFrom('learningXps').select(['id as key', 'name as value']).orderBy('name').execute(),
  );
  const ai = (type: string) => listOf(db, 'ai_chat_templates', 'name', type);
  const [assessmentsList, quizList, surveyList, aiVideoTemplateList, aiFeedbackList, aiChatList] = await Promise.all([
    listOf(db, 'assessments', 'title'),
    listOf(db, 'quizzes', 'name'),
    listOf(db, 'surveys', 'name'),
    listOf(db, 'ai_video_templates', 'name'),
    ai('Feedback'),
    ai('Chat'),
  ]);
  const programmatic = await ai('Programmatic');
  return {
    learningXps,
    aiVideoTemplateList,
    assessmentsList,
    aiFeedbackList,
    aiChatList,
    aiGoalList: programmatic,
    aiTaskList: programmatic,
    quizList,
    surveyList,
  };
}
