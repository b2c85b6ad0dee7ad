import { z } from 'zod';
import { listQuery } from '../common/list.js';

// The AI chat template and AI chat lists' queries, apart from the area's routes: see ./README.md.

export const AI_CHAT_TEMPLATE_TYPES = ['Chat', 'Feedback', 'Programmatic'] as const;
export type AiChatTemplateType = (typeof AI_CHAT_TEMPLATE_TYPES)[number];

export const AiChatTemplateListQuery = listQuery({
  sortable: ['name', 'type', 'jsonSchema', 'updatedAt', 'createdAt', 'id'] as const,
  defaultSort: 'updatedAt:desc',
  filters: {
    type: z
      .enum(AI_CHAT_TEMPLATE_TYPES, {
        errorMap: () => ({ message: `type must be one of: ${AI_CHAT_TEMPLATE_TYPES.join(', ')}` }),
      })
      .optional(),
  },
});
export type AiChatTemplateListQuery = z.input<typeof AiChatTemplateListQuery>;

export const AiChatListQuery = listQuery({
  sortable: ['lastMessageAt', 'createdAt', 'messageCount', 'id'] as const,
  defaultSort: 'createdAt:desc',
});
export type AiChatListQuery = z.input<typeof AiChatListQuery>;
