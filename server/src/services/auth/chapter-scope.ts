import { AppError } from '../../errors.js';
import { chapterScope, inScope, inScopeInvitation } from '../../db/chapter-scope.js';
import type { Db } from '../../db/database.js';

// The request's chapter scope is held where the list mechanism (db/list.ts) reads it too.
export * from '../../db/chapter-scope.js';

/** Whether a chapter id is within the scope (a row with no chapter is within only an unscoped one). */
export function chapterInScope(chapterId: number | null | undefined, scope = chapterScope()): boolean {
  return !scope || (chapterId != null && scope.includes(chapterId));
}

export const OUTSIDE_SCOPE = 'You do not have permission to use that chapter';

/** A create or update that would put a row outside the scope: 403. */
export function checkChapterInScope(chapterId: number | null | undefined): void {
  if (!chapterInScope(chapterId)) throw new AppError(403, OUTSIDE_SCOPE);
}

export const READ_ONLY_IN_SCOPE = 'You do not have permission to change this outside your chapters';

/** What only a caller reaching every chapter may do (create a chapter or an institution, say): 403 otherwise. */
export function checkUnscoped(message = READ_ONLY_IN_SCOPE): void {
  if (chapterScope()) throw new AppError(403, message);
}

/** Whether an invitation exists within the caller's chapter scope (one outside it is not found). */
export async function invitationReachable(db: Db, id: number): Promise<boolean> {
  return !!(await db
    .selectFrom('invitations')
    .select('id')
    .where('id', '=', id)
    .where(inScope('invitations.chapterId'))
    .executeTakeFirst());
}

/** Whether an invitee exists within the caller's chapter scope (by its invitation's chapter). */
export async function inviteeReachable(db: Db, id: number): Promise<boolean> {
  return !!(await db
    .selectFrom('invitees')
    .select('id')
    .where('id', '=', id)
    .where(inScope(inScopeInvitation('invitees.invitationId')))
    .executeTakeFirst());
}

/**
 * Whether a payment is within the caller's chapter scope (by its account's chapter). Unscoped callers are
 * not asked: a payment that does not exist is answered where it is looked for.
 */
export async function paymentReachable(db: Db, id: number): Promise<boolean> {
  if (!chapterScope()) return true;
  return !!(await db
    .selectFrom('payments as p')
    .innerJoin('accounts as a', 'a.id', 'p.accountId')
    .select('p.id')
    .where('p.id', '=', id)
    .where(inScope('a.chapterId'))
    .executeTakeFirst());
}
