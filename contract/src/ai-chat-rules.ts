import type { RichTextBlock, RichTextInline } from './common/rich-text.js';
import type { AiChatTemplateType } from './list-queries/ai-chat.js';

/*
 * The AI chat's rules apart from its calls: the functions a Chat template may call, the typing effect, the
 * messages, the type rules of a template (spec 03 §4) and a prompt as the plain text the model reads.
 */

export const AI_FUNCTION_CALLS = ['save_goal', 'update_goal'] as const;
export type AiFunctionCall = (typeof AI_FUNCTION_CALLS)[number];

/** Spec 03 §9: the typing effect of a text answer, per character (the preview dialog types faster). */
export const AI_TYPING_MS = 15;
export const AI_PREVIEW_TYPING_MS = 3;

export const AI_CHAT_MESSAGES = {
  nameRequired: 'Name is required',
  typeRequired: 'Type is required',
  accountRequired: 'Account is required',
  templateRequired: 'Template is required',
  messageRequired: 'Message is required',
  saveError: 'Error creating Ai Template',
  deleteError: 'Error deleting AI Chat Template',
  notConfigured: 'The AI provider is not configured (set AI_API_KEY)',
  locked: 'This chat is locked: it takes no new messages',
  unknownToken: 'Unknown token',
} as const;

/** The 429 of a member over `AI_MEMBER_DAILY_MESSAGES` in 24 hours. */
export const aiDailyLimitMessage = (limit: number) =>
  `You have sent the ${limit} AI chat messages allowed in a day. Please try again tomorrow.`;

/**
 * Spec 03 §4: Programmatic forces useEmojis and both function calls off; the schema is only for
 * Programmatic; function calls only for Chat. The server applies it to every save and preview.
 * @example applyTypeRules({ type: 'Feedback', useEmojis: true, functionCalls: ['save_goal'], jsonSchema: 'Goal Creation Schema' }) // { ..., functionCalls: [], jsonSchema: null }
 */
export function applyTypeRules<
  T extends {
    type: AiChatTemplateType;
    useEmojis: boolean;
    functionCalls: readonly AiFunctionCall[];
    jsonSchema: string | null;
  },
>(t: T): T {
  return {
    ...t,
    useEmojis: t.type === 'Programmatic' ? false : t.useEmojis,
    functionCalls: t.type === 'Chat' ? [...new Set(t.functionCalls)] : [],
    jsonSchema: t.type === 'Programmatic' ? t.jsonSchema : null,
  };
}

function inlineText(inline: RichTextInline[] | undefined): string {
  return (inline ?? []).map((i) => (i.type === 'link' ? inlineText(i.content) : i.text)).join('');
}

/**
 * A prompt document as the plain text sent to the model: a line per block, list items marked, children indented.
 * @example promptText({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi {{firstName}}' }] }] }) // 'Hi {{firstName}}'
 */
export function promptText(doc: { content: unknown[] } | null | undefined): string {
  const lines: string[] = [];
  const walk = (blocks: RichTextBlock[], depth: number) => {
    for (const b of blocks) {
      const mark =
        b.type === 'bulletListItem'
          ? '- '
          : b.type === 'numberedListItem'
            ? '1. '
            : b.type === 'checkListItem'
              ? '[ ] '
              : '';
      const line = inlineText(b.content);
      if (line || mark) lines.push(`${'  '.repeat(depth)}${mark}${line}`);
      walk(b.children ?? [], depth + 1);
    }
  };
  walk((doc?.content ?? []) as RichTextBlock[], 0);
  return lines.join('\n').trim();
}
