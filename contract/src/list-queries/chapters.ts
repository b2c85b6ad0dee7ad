import type { z } from 'zod';
import { listQuery, queryFlag } from '../common/list.js';

// The chapters list's query, apart from the area's routes: see ./README.md.

export const ChapterListQuery = listQuery({
  sortable: ['name', 'abbreviation', 'institution', 'active', 'acceptingMembers', 'createdAt', 'id'] as const,
  filters: {
    active: queryFlag.optional(),
    acceptingMembers: queryFlag.optional(),
  },
});
export type ChapterListQuery = z.input<typeof ChapterListQuery>;
