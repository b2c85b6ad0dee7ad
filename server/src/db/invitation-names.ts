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
 * A list search over invitations' rows: the pattern their institution's and chapter's names are matched
 * with, and the id it names when it reads as one ('42' or '#42').
 * @example namesOrIdSearch('#42') // { pattern: '%#42%', id: 42 }
 */
export function namesOrIdSearch(search: string) {
  const id = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : undefined;
  return { pattern: likePattern(search.toLowerCase()), id };
}
