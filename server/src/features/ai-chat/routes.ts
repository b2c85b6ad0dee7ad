import {
  AI_JSON_SCHEMA_NAMES,
  AI_JSON_SCHEMAS,
  AI_CHAT_MESSAGES,
  TOKEN_SYNTAX,
  applyTypeRules,
  contract,
} from '@app/contract';
import { s } from '../../ts-rest.js';
import { notFound, orNotFound } from '../../errors.js';
import { chatConfigured } from '../../services/ai-chat/provider.js';
import { tokenInfos } from '../../services/tokens/index.js';
import * as repo from '../../services/ai-chat/repo.js';
import {
  accountTokenValues,
  checkPromptTokens,
  preview,
  providerOrFail,
  sendMessage,
  startChat,
} from '../../services/ai-chat/service.js';

const TEMPLATE = 'AI chat template';
const templateNotFound = () => notFound(TEMPLATE);

/** The edited template of a preview body, with the type rules applied (spec 03 §4). */
const previewTemplate = (body: {
  aiTemplateType: 'Chat' | 'Feedback' | 'Programmatic';
  userPrompt: { content: unknown[] };
  developerPrompt: { content: unknown[] };
  useEmojis: boolean;
  jsonSchema: string | null;
}) => applyTypeRules({ ...body, type: body.aiTemplateType, functionCalls: [] });

export const aiChatRoutes = s.router(contract.aiChat, {
  listTemplates: async ({ query, request }) => ({
    status: 200,
    body: await repo.listTemplates(request.server.db, query),
  }),

  templateForm: async ({ request }) => {
    const configured = chatConfigured(request.server.config);
    return {
      status: 200,
      body: {
        configured,
        message: configured ? null : AI_CHAT_MESSAGES.notConfigured,
        syntax: TOKEN_SYNTAX,
        tokens: tokenInfos(),
        jsonSchemas: AI_JSON_SCHEMA_NAMES.map((name) => ({ name, schema: AI_JSON_SCHEMAS[name].schema })),
      },
    };
  },

  createTemplate: async ({ body, request }) => {
    // The contract applied the type rules; applied again so no other caller can skip them.
    const values = applyTypeRules(body);
    checkPromptTokens(values);
    const id = await repo.createTemplate(request.server.db, values);
    return { status: 201, body: (await repo.getTemplate(request.server.db, id))! };
  },

  getTemplate: async ({ params, request }) => ({
    status: 200,
    body: orNotFound(await repo.getTemplate(request.server.db, params.id), TEMPLATE),
  }),

  updateTemplate: async ({ params, body, request }) => {
    const values = applyTypeRules(body);
    checkPromptTokens(values);
    if (!(await repo.updateTemplate(request.server.db, params.id, values))) throw templateNotFound();
    return { status: 200, body: (await repo.getTemplate(request.server.db, params.id))! };
  },

  removeTemplate: async ({ params, request }) => {
    if (!(await repo.deleteTemplate(request.server.db, params.id))) throw templateNotFound();
    return { status: 204, body: undefined };
  },

  previewCustom: async ({ body, request }) => {
    const provider = providerOrFail(request.server.config);
    return { status: 200, body: await preview(provider, previewTemplate(body), body.tokenValues) };
  },

  previewAccount: async ({ body, request }) => {
    const provider = providerOrFail(request.server.config);
    const values = await accountTokenValues(request.server.db, body.accountId);
    return { status: 200, body: await preview(provider, previewTemplate(body), values) };
  },

  listChats: async ({ params, query, request }) => {
    if (!(await repo.getTemplate(request.server.db, params.id))) throw templateNotFound();
    return { status: 200, body: await repo.listChats(request.server.db, params.id, query) };
  },

  getChat: async ({ params, request }) => ({
    status: 200,
    body: orNotFound(await repo.getChat(request.server.db, params.id), 'AI chat'),
  }),

  startChat: async ({ body, request }) => {
    const provider = providerOrFail(request.server.config);
    return {
      status: 201,
      body: await startChat(request.server.db, request.server.config, provider, body.templateId, request.account!.id),
    };
  },

  sendMessage: async ({ params, body, request }) => ({
    status: 200,
    body: await sendMessage(request.server.db, request.server.config, params.id, request.account!.id, body),
  }),
});
