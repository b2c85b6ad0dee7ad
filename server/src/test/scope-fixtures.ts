import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { hashPassword } from '../services/auth/passwords.js';
import { makeChapter } from './fixtures.js';

/** The rows of one chapter, each carrying the chapter's marker text (issue 35 §3, chapter-scope.test.ts). */
export type MarkedChapter = {
  marker: string;
  institutionId: number;
  chapterId: number;
  memberId: number;
  pledgeId: number;
  invitationId: number;
  inviteeId: number;
  paymentId: number;
  reminderId: number;
  mailId: number;
  eventUuid: string;
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);

/**
 * A chapter and its institution, a member and a pledge of it (with a payment), an invitation of it with an
 * invitee, a reminder (of the template of `templateVersionId`) and a postal mailing, and a calendar event: every name, email and
 * reference holds `marker` (lower case letters, so searches and emails keep it as it is).
 */
export async function seedMarkedChapter(
  db: Kysely<DB>,
  marker: string,
  templateVersionId: number,
): Promise<MarkedChapter> {
  const { institutionId, chapterId } = await makeChapter(
    db,
    [`University ${marker}`, marker.slice(0, 10).toUpperCase()],
    [`Chapter ${marker}`, marker.slice(-10).toUpperCase()],
  );
  const person = (role: string, dates: { memberAt?: Date; pledgedAt?: Date }) => ({
    firstName: marker,
    lastName: role,
    email: `${marker}.${role.toLowerCase()}@example.test`,
    invitationCode: `${marker.toUpperCase()}${role.toUpperCase()}`,
    address: '{}',
    institutionId,
    chapterId,
    ...dates,
  });
  const [member, pledge] = await db
    .insertInto('accounts')
    .values([person('Member', { memberAt: day(-1), pledgedAt: day(-2) }), person('Pledge', { pledgedAt: day(-1) })])
    .returning('id')
    .execute();
  const invitation = await db
    .insertInto('invitations')
    .values({ chapterId, institutionId, deadline: '2030-01-31', orientationDate: '2030-02-15' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitee = await db
    .insertInto('invitees')
    .values({
      invitationId: invitation.id,
      firstName: marker,
      lastName: 'Invitee',
      email: `${marker}.invitee@example.test`,
      invitationCode: `${marker.toUpperCase()}INV`,
      mailingAddress: JSON.stringify({ city: marker }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payment = await db
    .insertInto('payments')
    .values({ accountId: member!.id, amountCents: 9500, method: 'check', reference: `${marker} check` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reminder = await db
    .insertInto('invitationEmails')
    .values({
      invitationId: invitation.id,
      templateId: sql<number>`(select template_id from email_template_versions where id = ${templateVersionId})`,
      sendScheduledAt: day(3),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mail = await db
    .insertInto('postalMails')
    .values({ invitationId: invitation.id, uploadScheduledAt: day(3) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('calendarEvents')
    .values({ name: `Meeting ${marker}`, eventStart: day(5), type: 'Chapter', chapterId, location: marker })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return {
    marker,
    institutionId,
    chapterId,
    memberId: member!.id,
    pledgeId: pledge!.id,
    invitationId: invitation.id,
    inviteeId: invitee.id,
    paymentId: payment.id,
    reminderId: reminder.id,
    mailId: mail.id,
    eventUuid: event.uuid,
  };
}

/** A staff account holding `roles` over `chapterIds` (ROLE_ADVISOR of one chapter, say), with `password`. */
export async function makeScopedStaff(
  db: Kysely<DB>,
  email: string,
  password: string,
  roles: string[],
  chapterIds: number[],
): Promise<number> {
  const { id } = await db
    .insertInto('accounts')
    .values({
      firstName: 'Scoped',
      lastName: 'Staff',
      email,
      admin: true,
      roles: ['ROLE_USER', ...roles],
      chapterIds,
      passwordHash: await hashPassword(password),
      address: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
