import { randomUUID } from 'node:crypto';
import { DATABASE_FOLDER } from '@app/contract';
import type { Db } from '../../server/src/db/database.js';
import type { Storage } from '../../server/src/plugins/storage.js';
import { csvLine } from '../../server/src/db/csv.js';

/** Larger invitations (`--scale` volume tests) keep no file: a demo database is a file a person could open. */
const DEMO_DATABASE_MAX_ROWS = 1000;

const HEADER = ['Salutation', 'First Name', 'Last Name', 'Email', 'Major', 'Class Year', 'Phone', 'Street', 'City'];
/** The Draft whose file failed says it had no email column: its file has none. */
const NO_EMAIL = [
  ['First Name', 'Last Name', 'Major'],
  ['Avery', 'Nguyen', 'Biology'],
  ['Jordan', 'Patel', 'History'],
];

/** The file an invitation's invitees came from: one row per invitee, in its row order. */
async function databaseRows(db: Db, invitationId: number): Promise<unknown[][]> {
  const invitees = await db
    .selectFrom('invitees')
    .select(['salutation', 'firstName', 'lastName', 'email', 'major', 'class', 'phoneNumber', 'mailingAddress'])
    .where('invitationId', '=', invitationId)
    .orderBy('rowNumber')
    .execute();
  if (!invitees.length) return NO_EMAIL;
  return [
    HEADER,
    ...invitees.map((i) => {
      const address = i.mailingAddress as Record<string, string | undefined>;
      return [
        i.salutation,
        i.firstName,
        i.lastName,
        i.email,
        i.major,
        i.class,
        i.phoneNumber,
        address.street,
        address.city,
      ];
    }),
  ];
}

/**
 * Gives each demo invitation its invitee database (the Invitees Source of its form is required, so a demo
 * invitation without one could not be saved): a CSV of its invitees, stored like an upload and linked. Once:
 * only invitations without a database and with at most DEMO_DATABASE_MAX_ROWS invitees.
 */
export async function seedInvitationDatabases(db: Db, storage: Storage): Promise<number> {
  const invitations = await db
    .selectFrom('invitations as n')
    .innerJoin('chapters as c', 'c.id', 'n.chapterId')
    .select(['n.id', 'c.abbreviation'])
    .where('n.databaseId', 'is', null)
    .where((eb) =>
      eb(
        eb.selectFrom('invitees').select(eb.fn.countAll<number>().as('n')).whereRef('invitationId', '=', 'n.id'),
        '<=',
        DEMO_DATABASE_MAX_ROWS,
      ),
    )
    .orderBy('n.id')
    .execute();
  for (const invitation of invitations) {
    const bytes = Buffer.from((await databaseRows(db, invitation.id)).map(csvLine).join(''));
    const storageKey = `${DATABASE_FOLDER}/${randomUUID()}.csv`;
    await storage.put(storageKey, bytes, 'text/csv');
    await db.transaction().execute(async (trx) => {
      const file = await trx
        .insertInto('files')
        .values({
          storageKey,
          folder: DATABASE_FOLDER,
          fileName: `${invitation.abbreviation.toLowerCase()}-invitees-${invitation.id}.csv`,
          contentType: 'text/csv',
          sizeInBytes: bytes.length,
          public: false,
          committed: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('invitations').set({ databaseId: file.id }).where('id', '=', invitation.id).execute();
    });
  }
  return invitations.length;
}
