import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.js';

const hoursFromNow = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at;
};

/**
 * Demo postal mailings on the first invitation that delivers postal mail: one scheduled a week ahead (still
 * editable), one uploaded and one whose transfer failed. Rows only: no zip or CSV bytes are stored, so the
 * demo rows have no files to open. Idempotent: nothing is added when that invitation has mailings.
 */
export async function seedPostalMails(db: Db): Promise<number> {
  const invitation = await db
    .selectFrom('invitations')
    .select('id')
    .where('deliverPostalMails', '=', true)
    .where('status', 'in', ['Ready', 'Sending', 'Completed'])
    .orderBy('id')
    .executeTakeFirst();
  if (!invitation) return 0;
  if (await db.selectFrom('postalMails').select('id').where('invitationId', '=', invitation.id).executeTakeFirst())
    return 0;
  const { n } = await db
    .selectFrom('invitees')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('invitationId', '=', invitation.id)
    .where('removed', '=', false)
    .where(sql<boolean>`mailing_address <> '{}'::jsonb`)
    .executeTakeFirstOrThrow();
  const rows = [
    { invitationId: invitation.id, uploadScheduledAt: hoursFromNow(24 * 7) },
    {
      invitationId: invitation.id,
      uploadScheduledAt: hoursFromNow(-72),
      uploadStartedAt: hoursFromNow(-72),
      uploadStatus: 'Success' as const,
      uploadCount: n,
    },
    {
      invitationId: invitation.id,
      uploadScheduledAt: hoursFromNow(-24),
      inviteCount: '2nd time' as const,
      uploadStartedAt: hoursFromNow(-24),
      uploadStatus: 'Failed' as const,
      uploadStatusReason:
        'Transfer to the print vendor (sftp://print.example/incoming) failed: connect ECONNREFUSED 203.0.113.7:22',
    },
  ];
  await db.insertInto('postalMails').values(rows).execute();
  return rows.length;
}
