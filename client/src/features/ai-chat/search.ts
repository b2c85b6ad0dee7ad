import { z } from 'zod';
import { AiChatListQuery, AiChatTemplateListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The templates list's URL state: the contract's own list query, URL-tolerant. */
export const aiChatTemplatesSearch = listSearchSchema(AiChatTemplateListQuery);

export const AI_CHAT_TABS = ['Template', 'Chats'] as const;
export type AiChatTab = (typeof AI_CHAT_TABS)[number];
export const PREVIEW_KINDS = ['custom', 'account'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** The preview panel's URL state: the custom token values, the preview account, and the open result dialog. */
const previewSearch = {
  tokens: z.record(z.string()).optional().catch(undefined),
  previewAccountId: z.coerce.number().int().positive().optional().catch(undefined),
  preview: z.enum(PREVIEW_KINDS).optional().catch(undefined),
};

export const aiChatTemplateNewSearch = z.object(previewSearch);

/** The edit screen's URL state: the tab (default Chats), the Chats list keys, the preview panel's keys. */
export const aiChatTemplateEditSearch = listSearchSchema(AiChatListQuery, {
  tab: z.enum(AI_CHAT_TABS).optional().catch(undefined),
  ...previewSearch,
});
