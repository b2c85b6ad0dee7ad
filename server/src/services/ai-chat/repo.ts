// The SQL of AI chat templates and chats (a shared service's store: the ai-chat feature and the learner API read it).
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AiChat, AiChatMessage, AiChatSummary, AiChatTemplate, AiFunctionCall } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { firstItem, likePattern, mapPage, ownColumns, paginate, type SortField, type SortMap } from '../../db/list.js';
import { accountMatches, withAccount } from '../../db/account-sql.js';
import { goalsOfChat } from './goals.js';
import { iso } from '../../db/iso.js';

type TemplateListQuery = z.output<typeof import('@app/contract').AiChatTemplateListQuery>;
type ChatListQuery = z.output<typeof import('@app/contract').AiChatListQuery>;
export type TemplateValues = z.output<typeof import('@app/contract').AiChatTemplateInput>;

const templateSort: SortMap<SortField<TemplateListQuery>> = {
  name: sql`lower(t.name)`,
  ...ownColumns('t', ['type', 'jsonSchema', 'updatedAt', 'createdAt', 'id']),
};

function selectTemplates(db: Db) {
  return (
    db
      .selectFrom('aiChatTemplates as t')
      // As text: CamelCasePlugin would rename keys inside the jsonb documents.
      .select([
        't.id',
        't.name',
        't.type',
        't.useEmojis',
        't.functionSaveGoal',
        't.functionUpdateGoal',
        't.jsonSchema',
        't.createdAt',
        't.updatedAt',
        sql<string>`t.user_prompt::text`.as('userPrompt'),
        sql<string>`t.developer_prompt::text`.as('developerPrompt'),
      ])
  );
}

type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['executeTakeFirstOrThrow']>>;
const toTemplate = (r: TemplateRow): AiChatTemplate => ({
  id: r.id,
  name: r.name,
  type: r.type,
  userPrompt: JSON.parse(r.userPrompt) as AiChatTemplate['userPrompt'],
  developerPrompt: JSON.parse(r.developerPrompt) as AiChatTemplate['developerPrompt'],
  useEmojis: r.useEmojis,
  functionCalls: [
    ...(r.functionSaveGoal ? ['save_goal' as const] : []),
    ...(r.functionUpdateGoal ? ['update_goal' as const] : []),
  ],
  jsonSchema: r.jsonSchema,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const columns = (v: TemplateValues) => ({
  name: v.name,
  type: v.type,
  userPrompt: JSON.stringify(v.userPrompt),
  developerPrompt: JSON.stringify(v.developerPrompt),
  useEmojis: v.useEmojis,
  functionSaveGoal: v.functionCalls.includes('save_goal' satisfies AiFunctionCall),
  functionUpdateGoal: v.functionCalls.includes('update_goal' satisfies AiFunctionCall),
  jsonSchema: v.jsonSchema,
});

export async function listTemplates(db: Db, query: TemplateListQuery) {
  let qb = selectTemplates(db);
  if (query.search) qb = qb.where(sql<boolean>`t.name ilike ${likePattern(query.search)}`);
  if (query.type) qb = qb.where('t.type', '=', query.type);
  return mapPage(await paginate(qb, query, templateSort, 't.id'), toTemplate);
}

export async function getTemplate(db: Db, id: number): Promise<AiChatTemplate | undefined> {
  return firstItem(selectTemplates(db).where('t.id', '=', id), toTemplate);
}

export async function createTemplate(db: Db, values: TemplateValues): Promise<number> {
  const { id } = await db
    .insertInto('aiChatTemplates')
    .values(columns(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTemplate(db: Db, id: number, values: TemplateValues): Promise<boolean> {
  const res = await db
    .updateTable('aiChatTemplates')
    .set({ ...columns(values), updatedAt: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('aiChatTemplates').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

const messageCount = sql<number>`(select count(*) from ai_chat_messages m where m.chat_id = c.id)::int`;
const lastMessageAt = sql<Date | null>`(select max(m.created_at) from ai_chat_messages m where m.chat_id = c.id)`;
const chatSort: SortMap<ChatListQuery['sort'][number]['field']> = {
  lastMessageAt,
  createdAt: 'c.createdAt',
  messageCount,
  id: 'c.id',
};

function selectChats(db: Db) {
  const chats = db.selectFrom('aiChats as c').innerJoin('aiChatTemplates as t', 't.id', 'c.templateId');
  return withAccount(chats, 'c.accountId').select([
    'c.id',
    'c.locked',
    'c.createdAt',
    'c.updatedAt',
    'c.templateId',
    't.name as templateName',
    't.type as templateType',
    messageCount.as('messageCount'),
    lastMessageAt.as('lastMessageAt'),
  ]);
}

export async function listChats(db: Db, templateId: number, query: ChatListQuery) {
  let qb = selectChats(db).where('c.templateId', '=', templateId);
  if (query.search) qb = qb.where(accountMatches(query.search));
  return mapPage(await paginate(qb, query, chatSort, 'c.id'), (r): AiChatSummary => ({
    id: r.id,
    account: r.account,
    messageCount: Number(r.messageCount),
    locked: r.locked,
    lastMessageAt: iso(r.lastMessageAt),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function chatMessages(db: Db, chatId: number): Promise<AiChatMessage[]> {
  const rows = await db
    .selectFrom('aiChatMessages')
    .select(['id', 'userInput', 'aiResponse', 'createdAt'])
    .where('chatId', '=', chatId)
    .orderBy('id')
    .execute();
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}

/** A chat with its messages; with `accountId`, only when it is that member's. */
export async function getChat(db: Db, id: number, accountId?: number): Promise<AiChat | undefined> {
  let qb = selectChats(db).where('c.id', '=', id);
  if (accountId !== undefined) qb = qb.where('c.accountId', '=', accountId);
  const row = await qb.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    template: { id: row.templateId, name: row.templateName, type: row.templateType },
    account: row.account,
    locked: row.locked,
    messages: await chatMessages(db, row.id),
    goals: await goalsOfChat(db, row.id),
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new chat's id; for a program component (one chat per member), undefined when the member already has one
 * (two first reads at once: the later one keeps the earlier chat).
 */
export async function createChat(
  db: Db,
  templateId: number,
  accountId: number,
  programComponentId: number | null = null,
): Promise<number | undefined> {
  const row = await db
    .insertInto('aiChats')
    .values({ templateId, accountId, programComponentId })
    .onConflict((oc) =>
      oc.columns(['programComponentId', 'accountId']).where('programComponentId', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The member's chat on a program component, if they have one. */
export async function chatIdForComponent(
  db: Db,
  accountId: number,
  programComponentId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('aiChats')
    .select('id')
    .where('programComponentId', '=', programComponentId)
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  return row?.id;
}

/** Stores one exchange (and locks the chat when asked), touching the chat's updatedAt. */
export async function addMessage(
  db: Db,
  chatId: number,
  message: { userInput: string; aiResponse: string },
  lock = false,
): Promise<AiChatMessage> {
  const row = await db
    .insertInto('aiChatMessages')
    .values({ chatId, ...message })
    .returning(['id', 'userInput', 'aiResponse', 'createdAt'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('aiChats')
    .set({ updatedAt: sql`now()`, ...(lock ? { locked: true } : {}) })
    .where('id', '=', chatId)
    .execute();
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Whether the chat is locked, its row locked until the transaction ends (a missing chat counts as locked). */
export async function lockedForUpdate(trx: Trx, chatId: number): Promise<boolean> {
  const row = await trx.selectFrom('aiChats').select('locked').where('id', '=', chatId).forUpdate().executeTakeFirst();
  return row?.locked ?? true;
}

export async function lockChat(db: Db, chatId: number): Promise<void> {
  await db
    .updateTable('aiChats')
    .set({ locked: true, updatedAt: sql`now()` })
    .where('id', '=', chatId)
    .execute();
}

export async function accountExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst());
}

/** How many chat messages the account sent in the last `hours` (counted up to `cap`: enough to compare with a limit). */
export async function messagesSince(db: Db, accountId: number, hours: number, cap: number): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('aiChatMessages as m')
        .innerJoin('aiChats as c', 'c.id', 'm.chatId')
        .select('m.id')
        .where('c.accountId', '=', accountId)
        .where('m.createdAt', '>', sql<Date>`now() - make_interval(hours => ${hours})`)
        .limit(cap)
        .as('recent'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
