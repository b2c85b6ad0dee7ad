import type { Db } from './database.js';

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
