import type { z } from 'zod';
import { listQuery } from '../common/list.js';

// The programs list's query, apart from the area's routes: see ./README.md.

export const ProgramListQuery = listQuery({
  sortable: ['name', 'createdAt', 'updatedAt', 'id'] as const,
  defaultSort: 'updatedAt:desc',
});
export type ProgramListQuery = z.input<typeof ProgramListQuery>;
