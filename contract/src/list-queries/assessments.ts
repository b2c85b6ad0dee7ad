import type { z } from 'zod';
import { listQuery } from '../common/list.js';

// The assessments list's query, apart from the area's routes: see ./README.md.

export const AssessmentListQuery = listQuery({
  sortable: ['title', 'outcomeCount', 'questionCount', 'createdAt', 'updatedAt', 'id'] as const,
  defaultSort: 'updatedAt:desc',
});
export type AssessmentListQuery = z.input<typeof AssessmentListQuery>;
