import type { z } from 'zod';
import { listQuery, queryFlag } from '../common/list.js';

// The member's events list's query, apart from the area's routes: see ./README.md.

export const MemberEventListQuery = listQuery({
  sortable: ['eventStart', 'name'] as const,
  defaultSort: 'eventStart:asc',
  filters: { hasRsvp: queryFlag.optional().describe('1: only events I RSVPed to; 0: only the others') },
});
export type MemberEventListQuery = z.input<typeof MemberEventListQuery>;
