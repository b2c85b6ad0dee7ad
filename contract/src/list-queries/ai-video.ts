import { z } from 'zod';
import { listQuery, queryText } from '../common/list.js';

// The AI video template and AI video lists' queries, apart from the area's routes: see ./README.md.

/** Spec 03 §4 AI video status. The server owns every transition (jobs in server/src/jobs/ai-video.ts). */
export const AI_VIDEO_STATUSES = [
  'idle',
  'generating',
  'generated',
  'failed to generate',
  'rejected',
  'deleting',
  'deleted',
  'failed to delete',
] as const;
export type AiVideoStatus = (typeof AI_VIDEO_STATUSES)[number];

export const AiVideoTemplateListQuery = listQuery({
  sortable: ['name', 'videoCount', 'updatedAt', 'createdAt', 'id'] as const,
  defaultSort: 'updatedAt:desc',
});
export type AiVideoTemplateListQuery = z.input<typeof AiVideoTemplateListQuery>;

export const AiVideoListQuery = listQuery({
  sortable: ['createdAt', 'updatedAt', 'name', 'status', 'id'] as const,
  defaultSort: 'createdAt:desc',
  filters: {
    accountName: queryText,
    status: z
      .enum(AI_VIDEO_STATUSES, {
        errorMap: () => ({ message: `status must be one of: ${AI_VIDEO_STATUSES.join(', ')}` }),
      })
      .optional(),
  },
});
export type AiVideoListQuery = z.input<typeof AiVideoListQuery>;
