import { LEARN_MESSAGES, type AiChatSendInput, type LearnerAiComponent } from '@app/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { chatConfigured, chatProviderFrom } from '../../services/ai-chat/provider.js';
import * as chats from '../../services/ai-chat/repo.js';
import { sendMessage, startChat } from '../../services/ai-chat/service.js';
import { completeComponent } from '../../services/learning-progress/index.js';
import { aiNotConfigured, learnerComponentIn, refreshed, served, type LearnerContext } from './service.js';
import type { ComponentRow } from './repo.js';

// The learner API's AI components (feedback, chat, goal, task): each is the member's one chat on the
// component's AI chat template, through the shared AI chat service. Feedback and Programmatic templates
// answer once (locked, the step completed with it); a Chat template completes once the member has written.

export async function aiView(ctx: LearnerContext, row: ComponentRow, config: Config): Promise<LearnerAiComponent> {
  const [template, chatId] = await Promise.all([
    row.aiTemplateId === null ? undefined : chats.getTemplate(ctx.db, row.aiTemplateId),
    chats.chatIdForComponent(ctx.db, ctx.accountId, row.id),
  ]);
  const chat = chatId === undefined ? null : ((await chats.getChat(ctx.db, chatId)) ?? null);
  return {
    component: learnerComponentIn(ctx, row.id),
    curriculum: row.curriculum ? served(row.curriculum) : null,
    aiConfigured: chatConfigured(config),
    template: template ? { id: template.id, name: template.name, type: template.type } : null,
    chat,
    canSend: !!chat && !chat.locked && template?.type === 'Chat',
  };
}

/** The member's chat on the component, started (asked once) on the first read. */
export async function openAi(ctx: LearnerContext, row: ComponentRow, config: Config): Promise<LearnerAiComponent> {
  const view = await aiView(ctx, row, config);
  if (view.chat) return view;
  const provider = chatProviderFrom(config);
  if (!provider) aiNotConfigured();
  if (!view.template) throw new AppError(409, LEARN_MESSAGES.aiNoTemplate);
  const { chat } = await startChat(ctx.db, config, provider, view.template.id, ctx.accountId, row.id);
  if (chat.locked) await completeComponent(ctx.db, ctx.accountId, row);
  return aiView(await refreshed(ctx), row, config);
}

/** The member writes to their chat (started first when needed); the step completes with the first message. */
export async function sendAi(
  ctx: LearnerContext,
  row: ComponentRow,
  config: Config,
  input: AiChatSendInput,
): Promise<LearnerAiComponent> {
  const view = await openAi(ctx, row, config);
  if (view.template?.type !== 'Chat') throw new AppError(409, LEARN_MESSAGES.aiAnswersOnce);
  await sendMessage(ctx.db, config, view.chat!.id, ctx.accountId, input);
  await completeComponent(ctx.db, ctx.accountId, row);
  return aiView(await refreshed(ctx), row, config);
}
