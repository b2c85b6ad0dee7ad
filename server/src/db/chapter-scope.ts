import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * A request's chapter scope (issue 35 §3): null reaches every chapter; otherwise the chapters whose rows the
 * caller may see and change. Derived once per request from what the session or API key already carries
 * (features/auth/access.ts, no query; services/auth/chapter-scope.ts), and held for the rest of the request, so every repo reads the same
 * scope with `chapterScope()`. Outside a request (jobs, scripts) nothing is scoped.
 */
export type ChapterScope = readonly number[] | null;

const scopes = new AsyncLocalStorage<ChapterScope>();

/** Runs the rest of a request (the `done` of a Fastify hook) inside a scope. */
export const runInScope = (scope: ChapterScope, done: () => void): void => scopes.run(scope, done);

/** The current request's scope; null (every chapter) outside a scoped request. */
export const chapterScope = (): ChapterScope => scopes.getStore() ?? null;

/** A scope narrowed to an API key's own chapters (none: the key is not limited). */
export function narrowScope(scope: ChapterScope, keyChapters: readonly number[]): ChapterScope {
  if (!keyChapters.length) return scope;
  return scope ? scope.filter((id) => keyChapters.includes(id)) : [...keyChapters];
}

/**
 * A condition keeping rows whose chapter (`column`, a chapter id expression) is in the scope: true when
 * nothing is scoped.
 * @example qb.where(inScope('a.chapterId'))
 */
export function inScope(column: ChapterColumn, scope = chapterScope()): Expression<SqlBool> {
  if (!scope) return sql<SqlBool>`true`;
  const chapters = sql`${sql.val([...scope])}::int[]`;
  if (typeof column === 'object' && 'invitationId' in column)
    return sql<SqlBool>`${sql.ref(column.invitationId)} = any(array(select id from invitations where chapter_id = any(${chapters})))`;
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${ref} = any(${chapters})`;
}

/**
 * An invitation id expression whose chapter is the condition's: rows of an invitation (invitees, reminders,
 * mailings) are in scope when their invitation is. Used as `scoped(qb, inScopeInvitation('iv.invitationId'))`:
 * the invitation's chapter stands for the column, read once for the statement (an index on the invitation id
 * then finds the rows).
 */
export function inScopeInvitation(invitationId: string): ChapterColumn {
  return { invitationId };
}

/** A chapter id column, or an invitation id whose invitation's chapter counts (inScopeInvitation). */
export type ChapterColumn = string | Expression<number | null> | { invitationId: string };

/**
 * Adds `inScope(column)` to a select, update or delete only when the request is scoped, so an unscoped
 * caller's statements are the same as before.
 * @example scoped(db.selectFrom('accounts as a').selectAll(), 'a.chapterId')
 */
export function scoped<Q>(qb: Q, column: ChapterColumn): Q {
  const scope = chapterScope();
  return scope ? ((qb as any).where(inScope(column, scope)) as Q) : qb;
}

/**
 * The dashboard's daily counts (kind, day, count) the caller reaches, as a table expression: society-wide
 * (migrations 0007, 0009), or those of its chapters (migration 0036c).
 */
export function dailyCounts() {
  const scope = chapterScope();
  return scope
    ? sql`(select kind, day, count from chapter_daily_counts where chapter_id = any(${[...scope]}::int[]))`
    : sql`dashboard_daily_counts`;
}
