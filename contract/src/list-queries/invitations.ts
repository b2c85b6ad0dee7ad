import type { z } from 'zod';
import { listQuery, queryDate } from '../common/list.js';

// The invitations list's query, apart from the area's routes: see ./README.md.

export const InvitationListQuery = listQuery({
  sortable: ['id', 'deadline', 'orientationDate', 'institution', 'chapter', 'status', 'createdAt'] as const,
  defaultSort: 'id:desc',
  filters: { deadlineFrom: queryDate, deadlineTo: queryDate },
});
export type InvitationListQuery = z.input<typeof InvitationListQuery>;
