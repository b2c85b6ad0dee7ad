import { z } from 'zod';
import { conflict } from './common/error.js';
import { requiredEnum, requiredText, STORABLE_TEXT } from './common/fields.js';
import { adminAreaContract } from './common/area-routes.js';
import { BLOCKED_EMAIL_TYPES, BlockedEmailListQuery, FEEDBACK_TYPES } from './list-queries/blocked-emails.js';

export * from './list-queries/blocked-emails.js';

export const FEEDBACK_TYPE_LABELS: Record<(typeof FEEDBACK_TYPES)[number], string> = {
  manual: 'Manual',
  unsub: 'Unsubscribed',
  bounced_hard: 'Hard Bounce',
  spam: 'Spam',
};
export const BLOCKED_EMAIL_SAVED = 'Email saved successfully.';

/** Spec 03 §3 Blocked email (email feedback). */
export const BlockedEmail = z.object({
  id: z.number().int(),
  email: z.string(),
  emailType: z.enum(BLOCKED_EMAIL_TYPES),
  reason: z.string(),
  feedbackType: z.enum(FEEDBACK_TYPES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The name of the staff member who saved it last; null for automatic blocks. */
  updatedBy: z.string().nullable(),
  /** To an API key only: the address is an opted-out person's, so it is withheld (issue 36 §5). */
  directoryOptOut: z.boolean().optional(),
});
export type BlockedEmail = z.infer<typeof BlockedEmail>;

/** Add and edit body (spec 03 §5: email and email type required; the reason is optional, blank kept as ''). The email is stored trimmed, lower-case. */
export const BlockedEmailInput = z.object({
  email: requiredText('Email is required', 254, 'Email is not valid')
    .email('Email is not valid')
    .transform((v) => v.toLowerCase()),
  emailType: requiredEnum([...BLOCKED_EMAIL_TYPES], 'Email Type is required'),
  reason: z
    .string({ invalid_type_error: 'Reason must be text' })
    .trim()
    .max(500, 'Reason must be 500 characters or less')
    .regex(STORABLE_TEXT, 'Reason contains an invalid character')
    .nullish()
    .transform((v) => v ?? ''),
});
export type BlockedEmailInput = z.input<typeof BlockedEmailInput>;

export const blockedEmailsContract = adminAreaContract(
  'blockedEmails',
  '/admin/tech/emails-feedback',
  { item: BlockedEmail, input: BlockedEmailInput, query: BlockedEmailListQuery, responses: conflict },
  {
    noun: 'blocked email',
    list: 'List blocked email addresses (search by email or reason; filter by email type and feedback type)',
    create: 'Block an address for a type of email (409 when it is already blocked for that type)',
    update:
      'Edit a blocked address; an automatic block (unsubscribe, hard bounce, spam) keeps its address and can only be widened to All',
  },
);
