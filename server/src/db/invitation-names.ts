import { sql } from 'kysely';
import type { Db } from './database.js';
import { likePattern } from './search.js';

/**
 * Invitations (`inv`) joined to their institution (`i`) and chapter (`ch`): where a list of an
 * invitation's rows (invitees, reminders, mailings) shows or searches its names. Join those rows onto it.
 * @example invitationsWithNames(db).innerJoin('invitees as iv', 'iv.invitationId', 'inv.id').select(['iv.id', 'i.name as institutionName'])
 */
export function invitationsWithNames(db: Db) {
  return db
    .selectFrom('invitations as inv')
    .innerJoin('institutions as i', 'i.id', 'inv.institutionId')
    .innerJoin('chapters as ch', 'ch.id', 'inv.chapterId');
}

/**
 * A list search over invitations' rows: their institution's or chapter's name contains it, or, when it
 * reads as an id ('42' or '#42'), one of `idColumns` is that id.
 * @example qb.where(namesOrIdMatch('#42', ['pm.id', 'pm.invitationId']))
 */
export function namesOrIdMatch(search: string, idColumns: string[]) {
  const pattern = likePattern(search.toLowerCase());
  const id = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : undefined;
  const ids =
    id === undefined
      ? sql``
      : sql.join(
          idColumns.map((column) => sql`or ${sql.ref(column)} = ${id}`),
          sql` `,
        );
  return sql<boolean>`(i.search like ${pattern} or ch.search like ${pattern} ${ids})`;
}
