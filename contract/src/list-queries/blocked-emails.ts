import { z } from 'zod';
import { listQuery } from '../common/list.js';

// The blocked emails list's query and the enumerations it filters on, apart from the area's routes: see
// ./README.md.

export const BLOCKED_EMAIL_TYPES = ['All', 'Invitation', 'Transactional'] as const;
/** How an address came to be blocked: by staff, or by itself (unsubscribe, hard bounce, spam complaint). */
export const FEEDBACK_TYPES = ['manual', 'unsub', 'bounced_hard', 'spam'] as const;

export const BlockedEmailListQuery = listQuery({
  sortable: ['email', 'emailType', 'feedbackType', 'updatedAt', 'id'] as const,
  defaultSort: 'updatedAt:desc',
  filters: {
    emailType: z.enum(BLOCKED_EMAIL_TYPES).optional(),
    feedbackType: z.enum(FEEDBACK_TYPES).optional(),
  },
});
export type BlockedEmailListQuery = z.input<typeof BlockedEmailListQuery>;
