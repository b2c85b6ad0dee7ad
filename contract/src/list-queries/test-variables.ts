import type { z } from 'zod';
import { listQuery, queryFlag } from '../common/list.js';

// The A/B test variables list's query, apart from the area's routes: see ./README.md.

export const InvitationTestListQuery = listQuery({
  sortable: ['name', 'enabled', 'updatedAt', 'id'] as const,
  defaultSort: 'updatedAt:desc',
  filters: { enabled: queryFlag.optional() },
});
export type InvitationTestListQuery = z.input<typeof InvitationTestListQuery>;
