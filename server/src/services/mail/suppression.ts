import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BlockedEmailTable, BlockedEmailType, EmailType, FeedbackType } from '../../db/tables/email.js';
import type { Selectable } from 'kysely';
import { erasedAddresses } from '../privacy/hash.js';

export type BlockedEmailRow = Selectable<BlockedEmailTable>;

/** How addresses are compared everywhere in suppression: trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Unsubscribes, hard bounces and spam complaints: blocks no manual edit or import may weaken. */
export const isAutomatic = (feedbackType: FeedbackType): boolean => feedbackType !== 'manual';

/**
 * The addresses among `emails` that must not get a message of `emailType`: a blocked_emails row of that type
 * or of 'All'. Answers normalised addresses (see normalizeEmail); callers check `set.has(normalizeEmail(to))`.
 * One query with `= any($1)` over the (email, email_type) index, fast for 20,000 addresses.
 */
export async function suppressedAddresses(db: Db, emails: string[], emailType: EmailType): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normalizeEmail))].filter(Boolean);
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('blockedEmails')
    .select('email')
    .distinct()
    .where(sql<boolean>`email = any(${wanted}::text[])`)
    .where('emailType', 'in', [emailType, 'All'])
    .execute();
  // People erased at their request (issue 36) get nothing, whatever the type.
  return new Set([...rows.map((r) => r.email), ...(await erasedAddresses(db, wanted))]);
}

export type BlockInput = {
  email: string;
  emailType: BlockedEmailType;
  reason: string;
  feedbackType: FeedbackType;
  updatedBy?: number | null;
};

/**
 * Blocks an address for a type (upsert on (email, emailType)). The rule that keeps automatic blocks:
 * - an automatic block (unsub, bounced_hard, spam) replaces whatever row there was for that email and type;
 * - a manual block (admin screen, import) over an automatic row changes nothing: the row keeps its
 *   feedbackType and reason (the evidence of the complaint); only updatedAt moves.
 * Edits of a row by id go through `checkBlockedEdit` (an automatic row cannot change its email or be
 * narrowed); rows are never deleted by the app.
 */
export async function blockAddress(db: Db, input: BlockInput): Promise<BlockedEmailRow> {
  const email = normalizeEmail(input.email);
  const keepOld = sql<boolean>`blocked_emails.feedback_type <> 'manual' and excluded.feedback_type = 'manual'`;
  return db
    .insertInto('blockedEmails')
    .values({
      email,
      emailType: input.emailType,
      reason: input.reason,
      feedbackType: input.feedbackType,
      updatedBy: input.updatedBy ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['email', 'emailType']).doUpdateSet({
        reason: sql`case when ${keepOld} then blocked_emails.reason else excluded.reason end`,
        feedbackType: sql`case when ${keepOld} then blocked_emails.feedback_type else excluded.feedback_type end`,
        updatedBy: sql`case when ${keepOld} then blocked_emails.updated_by else excluded.updated_by end`,
        updatedAt: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Types an automatic block of `from` may be widened to by a manual edit. */
const WIDER: Record<BlockedEmailType, BlockedEmailType[]> = {
  All: ['All'],
  Invitation: ['Invitation', 'All'],
  Transactional: ['Transactional', 'All'],
};

/**
 * Why a manual edit of `row` into `next` is refused, or null when allowed. An automatic row keeps its
 * address, and its type may only be widened to All; its reason may be edited (the feedbackType stays).
 */
export function checkBlockedEdit(
  row: Pick<BlockedEmailRow, 'email' | 'emailType' | 'feedbackType'>,
  next: { email: string; emailType: BlockedEmailType },
): string | null {
  if (!isAutomatic(row.feedbackType)) return null;
  if (normalizeEmail(next.email) !== row.email)
    return `This address was blocked automatically (${FEEDBACK_LABELS[row.feedbackType]}); its email cannot be changed`;
  if (!WIDER[row.emailType].includes(next.emailType))
    return `This address was blocked automatically (${FEEDBACK_LABELS[row.feedbackType]}); its type can only be widened to All`;
  return null;
}

export const FEEDBACK_LABELS: Record<FeedbackType, string> = {
  manual: 'Manual',
  unsub: 'Unsubscribed',
  bounced_hard: 'Hard Bounce',
  spam: 'Spam',
};
