import {
  AI_CHAT_MESSAGES,
  aiDailyLimitMessage,
  jsonSchemaOf,
  jsonSchemaProblem,
  promptText,
  type AiChatReply,
  type AiChatTemplateType,
  type AiFunctionCall,
  type AiPreviewResult,
} from '@app/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, fieldError } from '../../errors.js';
import {
  ChatProviderError,
  chatProviderFrom,
  type ChatMessage,
  type ChatProvider,
  type ChatRequest,
} from './provider.js';
import { replaceTokens, resolveTokens, tokenById, tokensIn } from '../tokens/index.js';
import { aiTemplateVisibleTo } from '../learning-progress/visible-programs.js';
import { storeGoals } from './goals.js';
import * as repo from './repo.js';

// The one service of AI chat templates, shared (features may not import each other): admin previews,
// member chats, and the learner API's chat, goal, task and feedback components all ask the model through `ask`.

type Doc = { content: unknown[] };
/** What decides how a template is asked (a saved template or the one being edited in a preview). */
export type PromptTemplate = {
  type: AiChatTemplateType;
  userPrompt: Doc;
  developerPrompt: Doc;
  useEmojis: boolean;
  functionCalls: readonly AiFunctionCall[];
  jsonSchema: string | null;
};

/** The configured provider, else a 409 the screens show as is. */
export function providerOrFail(config: Config): ChatProvider {
  const provider = chatProviderFrom(config);
  if (!provider) throw new AppError(409, AI_CHAT_MESSAGES.notConfigured);
  return provider;
}

/** An unknown `{{token}}` in a prompt is an error at save time (DOMAIN.md "Tokens: one resolver"). */
export function checkPromptTokens(template: Pick<PromptTemplate, 'userPrompt' | 'developerPrompt'>) {
  for (const field of ['userPrompt', 'developerPrompt'] as const) {
    const unknown = tokensIn(promptText(template[field])).filter((id) => !tokenById.has(id));
    if (unknown.length)
      throw fieldError(field, `${AI_CHAT_MESSAGES.unknownToken} ${unknown.map((id) => `{{${id}}}`).join(', ')}`);
  }
}

/**
 * The system and first user message, tokens replaced by `values`. A token with no value stays as written in
 * previews (staff see what is missing) and is left out (`blankUnresolved`) in members' chats.
 */
export function renderPrompts(
  template: PromptTemplate,
  values: Record<string, string>,
  blankUnresolved = false,
): { system: string; user: string } {
  const fill = (doc: Doc) => replaceTokens(promptText(doc), (id) => values[id] ?? (blankUnresolved ? '' : undefined));
  const style =
    template.type === 'Programmatic' ? '' : template.useEmojis ? 'Use emojis where they fit.' : 'Do not use emojis.';
  return {
    system: [fill(template.developerPrompt), style].filter(Boolean).join('\n\n'),
    user: fill(template.userPrompt),
  };
}

const describeCalls = (calls: { name: AiFunctionCall; arguments: Record<string, unknown> }[]) =>
  calls
    .map(
      (c) =>
        `${c.name === 'save_goal' ? 'Goal saved' : 'Goal updated'}${typeof c.arguments.title === 'string' ? `: ${c.arguments.title}` : ''}`,
    )
    .join('\n');

/**
 * Asks the model as the template says: JSON of its schema (checked here) for Programmatic, the save_goal
 * and update_goal functions for Chat when enabled. Provider trouble is a 502 with the provider's reason.
 */
export async function ask(provider: ChatProvider, template: PromptTemplate, messages: ChatMessage[]) {
  const schema = template.type === 'Programmatic' ? jsonSchemaOf(template.jsonSchema) : null;
  const request: ChatRequest = { messages };
  if (schema) request.jsonSchema = { name: schema.id, schema: schema.schema as Record<string, unknown> };
  if (template.type === 'Chat' && template.functionCalls.length) request.tools = [...template.functionCalls];
  let answer;
  try {
    answer = await provider.complete(request);
  } catch (err) {
    if (err instanceof ChatProviderError) throw new AppError(502, err.message);
    throw err;
  }
  if (schema) {
    const problem = jsonSchemaProblem(answer.json, schema.schema);
    if (problem) throw new AppError(502, `The AI answer does not match the ${template.jsonSchema}`, problem);
  }
  const text = schema ? null : answer.text || describeCalls(answer.toolCalls);
  return { textResponse: text, jsonResponse: schema ? answer.json : null, functionCalls: answer.toolCalls };
}

/** A preview: the template as edited, asked once with the given token values. */
export async function preview(
  provider: ChatProvider,
  template: PromptTemplate,
  values: Record<string, string>,
): Promise<AiPreviewResult> {
  const { system, user } = renderPrompts(template, values);
  const { textResponse, jsonResponse } = await ask(provider, template, [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    { role: 'user', content: user },
  ]);
  return { textResponse, jsonResponse };
}

/** The account's token values (unknown account: a 400 on `field`). */
export async function accountTokenValues(db: Db, accountId: number, field = 'accountId') {
  if (!(await repo.accountExists(db, accountId))) throw fieldError(field, 'Account not found');
  return (await resolveTokens(db, { accountId })).values;
}

const responseText = (r: { textResponse: string | null; jsonResponse: unknown }) =>
  r.textResponse ?? JSON.stringify(r.jsonResponse, null, 2);

/**
 * The exchanges of a chat sent back to the provider with a new message: the first (the template's prompt,
 * which sets the scene) and the latest ones, `HISTORY_EXCHANGES` in all, so a long chat costs the same per
 * message instead of growing with the square of its length.
 */
export const HISTORY_EXCHANGES = 10;

export function historySent<T>(exchanges: readonly T[]): T[] {
  if (exchanges.length <= HISTORY_EXCHANGES) return [...exchanges];
  return [exchanges[0]!, ...exchanges.slice(exchanges.length - (HISTORY_EXCHANGES - 1))];
}

/** Refuses (429) an account that has sent `AI_MEMBER_DAILY_MESSAGES` chat messages in the last 24 hours. */
async function checkDailyLimit(db: Db, config: Pick<Config, 'AI_MEMBER_DAILY_MESSAGES'>, accountId: number) {
  const limit = config.AI_MEMBER_DAILY_MESSAGES;
  if ((await repo.messagesSince(db, accountId, 24, limit)) >= limit)
    throw new AppError(429, aiDailyLimitMessage(limit));
}

/**
 * A member starts a chat on a template: the user prompt with their tokens is the first message. Feedback
 * and Programmatic templates answer once, so their chat is locked with that answer. With `programComponentId`
 * the chat is the member's one chat of that learner component: when it exists already (two first reads at
 * once), that chat is answered and this answer is dropped. Without it, the template must be one of a
 * component in a program the member sees (any other answers as a missing one).
 */
export async function startChat(
  db: Db,
  config: Pick<Config, 'AI_MEMBER_DAILY_MESSAGES'>,
  provider: ChatProvider,
  templateId: number,
  accountId: number,
  programComponentId: number | null = null,
): Promise<AiChatReply> {
  const template = await repo.getTemplate(db, templateId);
  if (!template || (programComponentId === null && !(await aiTemplateVisibleTo(db, accountId, templateId)))) {
    throw fieldError('templateId', 'AI chat template not found');
  }
  await checkDailyLimit(db, config, accountId);
  const { system, user } = renderPrompts(template, await accountTokenValues(db, accountId), true);
  const answer = await ask(provider, template, [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    { role: 'user', content: user },
  ]);
  const chatId = await db.transaction().execute(async (trx) => {
    const id = await repo.createChat(trx, template.id, accountId, programComponentId);
    if (id === undefined) return repo.chatIdForComponent(trx, accountId, programComponentId!);
    await repo.addMessage(trx, id, { userInput: user, aiResponse: responseText(answer) }, template.type !== 'Chat');
    await storeGoals(trx, { id, accountId }, answer, template.jsonSchema);
    return id;
  });
  const chat = (await repo.getChat(db, chatId!))!;
  return {
    chat,
    reply: chat.messages.at(-1) ?? null,
    jsonResponse: answer.jsonResponse,
    functionCalls: answer.functionCalls,
  };
}

/** A member's message to their own open chat (someone else's is not found), sent with `historySent` of the conversation. */
export async function sendMessage(
  db: Db,
  config: Config,
  chatId: number,
  accountId: number,
  input: { message?: string; locked?: true },
): Promise<AiChatReply> {
  const chat = await repo.getChat(db, chatId, accountId);
  if (!chat) throw new AppError(404, 'AI chat not found');
  if (chat.locked) throw new AppError(409, AI_CHAT_MESSAGES.locked);
  if (input.message === undefined) {
    await repo.lockChat(db, chat.id);
    return { chat: (await repo.getChat(db, chat.id))!, reply: null, jsonResponse: null, functionCalls: [] };
  }
  const message = input.message;
  const provider = providerOrFail(config);
  await checkDailyLimit(db, config, accountId);
  const template = (await repo.getTemplate(db, chat.template.id))!;
  const { system } = renderPrompts(template, await accountTokenValues(db, accountId), true);
  const history: ChatMessage[] = historySent(chat.messages).flatMap((m) => [
    { role: 'user' as const, content: m.userInput },
    { role: 'assistant' as const, content: m.aiResponse },
  ]);
  const answer = await ask(provider, template, [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...history,
    { role: 'user', content: message },
  ]);
  // Locked while the model was answering (by the member elsewhere): the answer is not kept.
  const reply = await db.transaction().execute(async (trx) => {
    if (await repo.lockedForUpdate(trx, chat.id)) throw new AppError(409, AI_CHAT_MESSAGES.locked);
    await storeGoals(trx, { id: chat.id, accountId }, answer, template.jsonSchema);
    return repo.addMessage(
      trx,
      chat.id,
      { userInput: message, aiResponse: responseText(answer) },
      input.locked === true,
    );
  });
  return {
    chat: (await repo.getChat(db, chat.id))!,
    reply,
    jsonResponse: answer.jsonResponse,
    functionCalls: answer.functionCalls,
  };
}
