import { z } from 'zod';
import { AiVideoListQuery, AiVideoTemplateListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The templates list's URL state: the contract's own list query, URL-tolerant. */
export const aiVideoTemplatesSearch = listSearchSchema(AiVideoTemplateListQuery);

export const AI_VIDEO_TABS = ['Template', 'Videos', 'Generate'] as const;
export type AiVideoTab = (typeof AI_VIDEO_TABS)[number];

/**
 * The edit screen's URL state: the tab (default Template), the Videos tab's list keys, and `refresh`
 * (set after a generate: the list reloads once, 5 s later, then the key is dropped).
 */
export const aiVideoTemplateEditSearch = listSearchSchema(AiVideoListQuery, {
  tab: z.enum(AI_VIDEO_TABS).optional().catch(undefined),
  refresh: z.coerce.number().int().positive().optional().catch(undefined),
});
