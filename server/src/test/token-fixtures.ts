import type { Db } from '../db/database.js';

/**
 * For tests: an institution, its chapter, an invitation there with one invitee, and a member account
 * of the same chapter, with the values the token tests read back.
 */
export async function seedTokenSubjects(db: Db) {
  const institution = await db
    .insertInto('institutions')
    .values({
      name: 'Northwood University',
      abbreviation: 'NWU',
      type: 'College/University',
      ownership: 'Public',
      address: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chapter = await db
    .insertInto('chapters')
    .values({
      name: 'Northwood Chapter',
      abbreviation: 'NWC',
      institutionId: institution.id,
      address: '{}',
      invitationAdvisor1Name: 'Dr. Maya Chen',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitation = await db
    .insertInto('invitations')
    .values({
      chapterId: chapter.id,
      institutionId: institution.id,
      deadline: '2026-04-30',
      orientationDate: '2026-05-12',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitee = await db
    .insertInto('invitees')
    .values({
      invitationId: invitation.id,
      firstName: 'Jordan',
      lastName: 'Rivera',
      email: 'jordan@example.edu',
      invitationCode: 'NWU-AB12C',
      mailingAddress: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member = await db
    .insertInto('accounts')
    .values({
      firstName: 'Ada',
      lastName: 'Member',
      email: `ada.member.${institution.id}@example.edu`,
      address: '{}',
      chapterId: chapter.id,
      institutionId: institution.id,
      invitationCode: 'NWU-ZZ99Q',
      memberAt: '2026-03-02T12:00:00Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    institutionId: institution.id,
    chapterId: chapter.id,
    invitationId: invitation.id,
    inviteeId: invitee.id,
    memberId: member.id,
  };
}
