import { AppError } from '../../errors.js';
import { chapterScope } from '../../db/chapter-scope.js';

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
