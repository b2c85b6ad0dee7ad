import { z } from 'zod';
import { AI_JSON_SCHEMA_NAMES, AI_JSON_SCHEMAS, type JsonSchema } from './ai-json-schemas.js';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { IdParam, STORABLE_TEXT, refId, requiredEnum, requiredText } from './common/fields.js';
import { paged } from './common/list.js';
import { RichTextDoc } from './common/rich-text.js';
import { AI_CHAT_MESSAGES, AI_FUNCTION_CALLS, applyTypeRules } from './ai-chat-rules.js';
import { TokenInfo } from './tokens.js';
import { AI_CHAT_TEMPLATE_TYPES, AiChatListQuery, AiChatTemplateListQuery } from './list-queries/ai-chat.js';

export * from './ai-chat-rules.js';
export * from './ai-json-schemas.js';
export * from './list-queries/ai-chat.js';

const jsonSchemaName = z.enum(AI_JSON_SCHEMA_NAMES, {
  errorMap: () => ({ message: `jsonSchema must be one of: ${AI_JSON_SCHEMA_NAMES.join(', ')}` }),
});
const functionCalls = z
  .array(
    z.enum(AI_FUNCTION_CALLS, {
      errorMap: () => ({ message: `A function call must be one of: ${AI_FUNCTION_CALLS.join(', ')}` }),
    }),
  )
  .max(2);

export const AiChatTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(AI_CHAT_TEMPLATE_TYPES),
  userPrompt: RichTextDoc,
  developerPrompt: RichTextDoc,
  useEmojis: z.boolean(),
  functionCalls: z.array(z.enum(AI_FUNCTION_CALLS)),
  jsonSchema: z.enum(AI_JSON_SCHEMA_NAMES).nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type AiChatTemplate = z.infer<typeof AiChatTemplate>;

const type = requiredEnum([...AI_CHAT_TEMPLATE_TYPES], AI_CHAT_MESSAGES.typeRequired);
/** The prompt fields a save and a preview share; the type rules are applied after parsing. */
const promptFields = {
  userPrompt: RichTextDoc,
  developerPrompt: RichTextDoc,
  useEmojis: z.boolean().default(false),
  jsonSchema: jsonSchemaName.nullish().transform((v) => v ?? null),
};

export const AiChatTemplateInput = z
  .object({
    name: requiredText(AI_CHAT_MESSAGES.nameRequired, 254),
    type,
    functionCalls: functionCalls.default([]),
    ...promptFields,
  })
  .transform(applyTypeRules);
export type AiChatTemplateInput = z.input<typeof AiChatTemplateInput>;

/** The Template tab's choices: the token registry, the schemas, and whether the provider is configured. */
export const AiChatTemplateForm = z.object({
  configured: z.boolean(),
  message: z.string().nullable(),
  syntax: z.string(),
  tokens: z.array(TokenInfo),
  jsonSchemas: z.array(z.object({ name: z.enum(AI_JSON_SCHEMA_NAMES), schema: z.custom<JsonSchema>() })),
});
export type AiChatTemplateForm = z.infer<typeof AiChatTemplateForm>;

/** What a preview sends: the template as being edited (spec 03 §7 field names). */
const previewFields = { aiTemplateType: type, ...promptFields };
const tokenValues = z.record(
  z.string().max(100).regex(STORABLE_TEXT, 'A token contains an invalid character'),
  z
    .string()
    .max(10_000, 'A token value must be 10000 characters or less')
    .regex(STORABLE_TEXT, 'A token value contains an invalid character'),
);

export const AiPreviewCustomInput = z.object({ ...previewFields, tokenValues: tokenValues.default({}) });
export type AiPreviewCustomInput = z.input<typeof AiPreviewCustomInput>;
export const AiPreviewAccountInput = z.object({ ...previewFields, accountId: refId(AI_CHAT_MESSAGES.accountRequired) });
export type AiPreviewAccountInput = z.input<typeof AiPreviewAccountInput>;

/** A preview's answer: text, or JSON already checked against the template's schema (Programmatic). */
export const AiPreviewResult = z.object({ textResponse: z.string().nullable(), jsonResponse: z.unknown().nullable() });
export type AiPreviewResult = z.infer<typeof AiPreviewResult>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const AiChatSummary = z.object({
  id: z.number().int(),
  account: person,
  messageCount: z.number().int().nonnegative(),
  locked: z.boolean(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AiChatSummary = z.infer<typeof AiChatSummary>;

export const AiChatMessage = z.object({
  id: z.number().int(),
  userInput: z.string(),
  aiResponse: z.string(),
  createdAt: z.string(),
});
export type AiChatMessage = z.infer<typeof AiChatMessage>;

/** A goal the AI saved for a member: by save_goal / update_goal (Chat templates) or a Goal Creation Schema answer. */
export const AiGoal = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string().describe('As the model gave it (YYYY-MM-DD), or empty'),
  steps: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiGoal = z.infer<typeof AiGoal>;

export const AiChat = z.object({
  id: z.number().int(),
  template: z.object({ id: z.number().int(), name: z.string(), type: z.enum(AI_CHAT_TEMPLATE_TYPES) }),
  account: person,
  locked: z.boolean(),
  messages: z.array(AiChatMessage),
  goals: z
    .array(AiGoal)
    .describe('The goals this chat saved (save_goal, update_goal, Goal Creation Schema answers), oldest first'),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type AiChat = z.infer<typeof AiChat>;

const message = requiredText(AI_CHAT_MESSAGES.messageRequired, 10_000, 'A message must be 10000 characters or less');

/**
 * Start a chat on a template: the template's user prompt (tokens of the member) is the first message and
 * its answer comes back. Feedback and Programmatic answer once, so their chat is locked after it.
 */
export const AiChatStartInput = z.object({ templateId: refId(AI_CHAT_MESSAGES.templateRequired) });
export type AiChatStartInput = z.input<typeof AiChatStartInput>;
/** Send a message to an open chat, or lock it (`locked: true`: the member is done); a locked chat refuses messages. */
export const AiChatSendInput = z
  .object({ message: message.optional(), locked: z.literal(true).optional() })
  .refine((v) => v.message !== undefined || v.locked, { message: AI_CHAT_MESSAGES.messageRequired, path: ['message'] });
export type AiChatSendInput = z.input<typeof AiChatSendInput>;

/** The chat after the exchange, the assistant's answer, and any functions it called (Chat templates). */
export const AiChatReply = z.object({
  chat: AiChat,
  reply: AiChatMessage.nullable(),
  jsonResponse: z.unknown().nullable(),
  functionCalls: z.array(z.object({ name: z.enum(AI_FUNCTION_CALLS), arguments: z.record(z.unknown()) })),
});
export type AiChatReply = z.infer<typeof AiChatReply>;

const T = '/admin/ai-template';
const providerErrors = { 409: ErrorBody, 502: ErrorBody } as const;
/** A member's chat calls also meet the daily message limit. */
const memberChatErrors = { ...providerErrors, 429: ErrorBody } as const;

export const aiChatContract = c.router(
  {
    listTemplates: {
      method: 'GET',
      path: T,
      query: AiChatTemplateListQuery,
      responses: { 200: paged(AiChatTemplate) },
      summary: 'List AI chat templates (search by name, filter by type)',
    },
    templateForm: {
      method: 'GET',
      path: `${T}/form`,
      responses: { 200: AiChatTemplateForm },
      summary: 'The tokens a prompt may use, the JSON schemas, and whether the AI provider is configured',
    },
    createTemplate: {
      method: 'POST',
      path: T,
      body: AiChatTemplateInput,
      responses: { 201: AiChatTemplate, 400: ErrorBody },
      summary: 'Create an AI chat template (type rules applied)',
    },
    getTemplate: {
      method: 'GET',
      path: `${T}/:id`,
      pathParams: IdParam,
      responses: { 200: AiChatTemplate, 404: ErrorBody },
      summary: 'One AI chat template',
    },
    updateTemplate: {
      method: 'PATCH',
      path: `${T}/:id`,
      pathParams: IdParam,
      body: AiChatTemplateInput,
      responses: { 200: AiChatTemplate, 400: ErrorBody, 404: ErrorBody },
      summary: 'Update an AI chat template (type rules applied)',
    },
    removeTemplate: {
      method: 'DELETE',
      path: `${T}/:id`,
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody },
      summary: 'Delete an AI chat template and its chats',
    },
    previewCustom: {
      method: 'POST',
      path: `${T}/preview/custom`,
      body: AiPreviewCustomInput,
      responses: { 200: AiPreviewResult, ...providerErrors },
      summary: 'Ask the model with the given token values (a token with no value is sent as written)',
    },
    previewAccount: {
      method: 'POST',
      path: `${T}/preview/account`,
      body: AiPreviewAccountInput,
      responses: { 200: AiPreviewResult, ...providerErrors },
      summary: "Ask the model with the account's own token values",
    },
    listChats: {
      method: 'GET',
      path: `${T}/:id/list`,
      pathParams: IdParam,
      query: AiChatListQuery,
      responses: { 200: paged(AiChatSummary), 404: ErrorBody },
      summary: "A template's chats: member, message count, locked, last message date",
    },
    getChat: {
      method: 'GET',
      path: '/admin/ai-chat/:id',
      pathParams: IdParam,
      responses: { 200: AiChat, 404: ErrorBody },
      summary: 'One chat with its messages',
    },
    startChat: {
      method: 'POST',
      path: '/member/ai-chat',
      body: AiChatStartInput,
      responses: { 201: AiChatReply, ...memberChatErrors },
      summary:
        'Start a chat on the AI template of a component in a program the member can see: the first answer comes back',
      metadata: meta.member,
    },
    sendMessage: {
      method: 'PATCH',
      path: '/member/ai-chat/:id',
      pathParams: IdParam,
      body: AiChatSendInput,
      responses: { 200: AiChatReply, ...memberChatErrors },
      summary: "Send a message to one of the member's own chats (or lock it); a locked chat answers 409",
      metadata: meta.member,
    },
  },
  { metadata: meta.area('aiChat') },
);

/** The provider's name and schema of a template's jsonSchema, or null. */
export const jsonSchemaOf = (name: string | null) =>
  name && name in AI_JSON_SCHEMAS ? AI_JSON_SCHEMAS[name as keyof typeof AI_JSON_SCHEMAS] : null;
