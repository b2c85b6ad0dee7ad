// The goals the AI saves for a member (spec 03 §3 functionCalls save_goal / update_goal; the Goal Creation
// Schema of Programmatic templates). Stored with the chat that made them, so the chat shows them.
import type { AiGoal } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';

type GoalFields = { title: string; description: string; dueDate: string; steps: string[] };
type Answer = {
  jsonResponse: unknown;
  functionCalls: Array<{ name: 'save_goal' | 'update_goal'; arguments: Record<string, unknown> }>;
};

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const texts = (v: unknown) =>
  Array.isArray(v)
    ? v
        .filter((x): x is string => typeof x === 'string')
        .map((x) => x.slice(0, 1000))
        .slice(0, 50)
    : [];

/** The fields of a goal as the model gave them; none without a title. */
function goalFields(raw: Record<string, unknown>): GoalFields | null {
  const title = text(raw.title, 500);
  if (!title) return null;
  return {
    title,
    description: text(raw.description, 5000),
    dueDate: text(raw.dueDate ?? raw.targetDate, 40),
    steps: texts(raw.steps),
  };
}

/** What one answer asks to store: each save_goal, each update_goal, and each goal of a Goal Creation answer. */
function goalChanges(answer: Answer, schemaName: string | null) {
  const changes: Array<{ update: boolean; goal: GoalFields }> = [];
  for (const call of answer.functionCalls) {
    const goal = goalFields(call.arguments);
    if (goal) changes.push({ update: call.name === 'update_goal', goal });
  }
  if (schemaName === 'Goal Creation Schema') {
    const goals = (answer.jsonResponse as { goals?: unknown } | null)?.goals;
    for (const raw of Array.isArray(goals) ? goals : []) {
      const goal = raw && typeof raw === 'object' ? goalFields(raw as Record<string, unknown>) : null;
      if (goal) changes.push({ update: false, goal });
    }
  }
  return changes;
}

/** Stores what the answer asks: update_goal changes the chat's latest goal (or saves one when it has none). */
export async function storeGoals(
  trx: Trx,
  chat: { id: number; accountId: number },
  answer: Answer,
  schemaName: string | null,
): Promise<void> {
  for (const { update, goal } of goalChanges(answer, schemaName)) {
    const latest = update
      ? await trx
          .selectFrom('aiGoals')
          .select('id')
          .where('chatId', '=', chat.id)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()
      : undefined;
    const values = { ...goal, steps: JSON.stringify(goal.steps) };
    if (latest)
      await trx
        .updateTable('aiGoals')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', latest.id)
        .execute();
    else
      await trx
        .insertInto('aiGoals')
        .values({ ...values, chatId: chat.id, accountId: chat.accountId })
        .execute();
  }
}

export async function goalsOfChat(db: Db, chatId: number): Promise<AiGoal[]> {
  const rows = await db
    .selectFrom('aiGoals')
    .select(['id', 'title', 'description', 'dueDate', 'steps', 'createdAt', 'updatedAt'])
    .where('chatId', '=', chatId)
    .orderBy('id')
    .execute();
  return rows.map((g) => ({ ...g, createdAt: g.createdAt.toISOString(), updatedAt: g.updatedAt.toISOString() }));
}
