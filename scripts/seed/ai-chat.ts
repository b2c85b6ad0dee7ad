import type { AiChatTemplateType, AiJsonSchemaName } from '@app/contract';
import type { Db } from '../../server/src/db/database.js';

const doc = (...lines: string[]) =>
  JSON.stringify({
    type: 'doc',
    content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  });
const DEMO_MEMBER = { firstName: 'Avery', lastName: 'Demo', email: 'avery.demo@example.edu' };

/** One demo template of each type (spec 03 §4 rules respected). */
const TEMPLATES: Array<{
  name: string;
  type: AiChatTemplateType;
  user: string;
  developer: string;
  useEmojis: boolean;
  saveGoal: boolean;
  updateGoal: boolean;
  jsonSchema: AiJsonSchemaName | null;
}> = [
  {
    name: 'Goal Coach Chat',
    type: 'Chat',
    user: 'Hi, I am {{firstName}} from {{schoolName}}. Help me set a goal for this semester.',
    developer:
      'You are a friendly leadership coach for {{firstName}}, a member of {{chapterName}}. Ask one question at a time.',
    useEmojis: true,
    saveGoal: true,
    updateGoal: true,
    jsonSchema: null,
  },
  {
    name: 'Reflection Feedback',
    type: 'Feedback',
    user: 'Give {{firstName}} short, encouraging feedback on finishing the leadership module.',
    developer: 'You write warm, specific feedback in under 100 words.',
    useEmojis: false,
    saveGoal: false,
    updateGoal: false,
    jsonSchema: null,
  },
  {
    name: 'Semester Goals Generator',
    type: 'Programmatic',
    user: 'Suggest three goals for {{firstName}} at {{schoolName}} for this semester.',
    developer: 'Answer only with JSON of the given schema.',
    useEmojis: false,
    saveGoal: false,
    updateGoal: false,
    jsonSchema: 'Goal Creation Schema',
  },
  {
    name: 'Semester Tasks Planner',
    type: 'Programmatic',
    user: 'Plan the first tasks {{firstName}} should do this month to grow as a leader at {{schoolName}}.',
    developer: 'Answer only with JSON of the given schema: three to five small, concrete tasks.',
    useEmojis: false,
    saveGoal: false,
    updateGoal: false,
    jsonSchema: 'Task Creation Schema',
  },
];

/**
 * Demo AI chat templates (one of each type, two Programmatic) and a short chat of a member on the Chat one
 * with the goal it saved, written directly
 * (no provider call). Idempotent: a template is added only when none of its name exists. Answers the rows added.
 */
export async function seedAiChats(db: Db): Promise<number> {
  let added = 0;
  for (const t of TEMPLATES) {
    if (await db.selectFrom('aiChatTemplates').select('id').where('name', '=', t.name).executeTakeFirst()) continue;
    const { id } = await db
      .insertInto('aiChatTemplates')
      .values({
        name: t.name,
        type: t.type,
        userPrompt: doc(t.user),
        developerPrompt: doc(t.developer),
        useEmojis: t.useEmojis,
        functionSaveGoal: t.saveGoal,
        functionUpdateGoal: t.updateGoal,
        jsonSchema: t.jsonSchema,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    added++;
    if (t.type !== 'Chat') continue;
    const member =
      (await db
        .selectFrom('accounts')
        .select(['id', 'firstName'])
        .where('memberAt', 'is not', null)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()) ??
      (await db
        .selectFrom('accounts')
        .select(['id', 'firstName'])
        .where('email', '=', DEMO_MEMBER.email)
        .executeTakeFirst()) ??
      (await db
        .insertInto('accounts')
        .values({ ...DEMO_MEMBER, address: '{}', memberAt: new Date() })
        .returning(['id', 'firstName'])
        .executeTakeFirstOrThrow());
    const chat = await db
      .insertInto('aiChats')
      .values({ templateId: id, accountId: member.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('aiChatMessages')
      .values([
        {
          chatId: chat.id,
          userInput: t.user.replace('{{firstName}}', member.firstName).replace(' from {{schoolName}}', ''),
          aiResponse: `Great to meet you, ${member.firstName}! What would you most like to get better at this semester?`,
        },
        {
          chatId: chat.id,
          userInput: 'Public speaking.',
          aiResponse: 'Goal saved: Speak at two chapter meetings this semester',
        },
      ])
      .execute();
    // What the save_goal call behind that answer stored (services/ai-chat/goals.ts).
    await db
      .insertInto('aiGoals')
      .values({
        accountId: member.id,
        chatId: chat.id,
        title: 'Speak at two chapter meetings this semester',
        description: 'Build confidence with public speaking',
        steps: JSON.stringify(['Volunteer for the next meeting agenda']),
      })
      .execute();
    added += 4;
  }
  return added;
}
