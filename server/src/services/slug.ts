import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * 'Leadership 101!' -> 'leadership-101': letters and digits, dashes between words, accents dropped, at most
 * 80 characters; `fallback` when nothing is left.
 */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The first of `base`, `base-2`, `base-3` ... not in `taken`. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * The first free slug for `name` in `table`: its own slug, else with -2, -3 ... among the rows `scope`
 * selects (e.g. one program's components), the row `exceptId` keeping its own. A unique index still
 * decides between two saves racing for one slug (the loser answers 409): call it with the scope locked
 * when that matters.
 * @example await freeSlug(trx, 'lesson_segments', name, 'segment', { scope: sql`program_component_id = ${id}` })
 */
export async function freeSlug(
  db: Db,
  table: string,
  name: string,
  fallback: string,
  options: { scope?: RawBuilder<boolean>; exceptId?: number } = {},
): Promise<string> {
  const base = slugOf(name, fallback);
  const { rows } = await sql<{ slug: string }>`
    select slug from ${sql.table(table)}
    where (slug = ${base} or slug ~ ${`^${base}-[0-9]+$`}) and id is distinct from ${options.exceptId ?? null}
      ${options.scope ? sql`and ${options.scope}` : sql``}`.execute(db);
  return firstFree(base, new Set(rows.map((r) => r.slug)));
}
