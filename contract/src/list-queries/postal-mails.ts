import type { z } from 'zod';
import { listQuery } from '../common/list.js';

// The postal mailings list's query, apart from the area's routes: see ./README.md.

export const PostalMailListQuery = listQuery({
  sortable: ['id', 'uploadScheduledAt', 'fileName', 'inviteCount', 'testValue', 'uploadStatus', 'institution'] as const,
  defaultSort: 'uploadScheduledAt:desc',
});
export type PostalMailListQuery = z.input<typeof PostalMailListQuery>;
