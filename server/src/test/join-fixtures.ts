import type { Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { makeChapter } from './fixtures.js';

let n = 0;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A processed invitation (Ready, its valid and removed counts kept, tickler on, deadline `deadlineDays` from today) at a new institution and chapter with
 * the landing page's content, and one invitee per `invitees` entry: `{ code, email, removed? }`.
 * @example const inv = await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-AAAAAA', email: 'a@example.edu' }] });
 */
export async function seedJoinInvitation(
  db: Kysely<DB>,
  {
    deadlineDays = 30,
    invitees,
    testValue = null,
  }: {
    deadlineDays?: number;
    invitees: { code: string; email: string; removed?: boolean; firstName?: string }[];
    testValue?: 'Control' | 'Variation' | null;
  },
) {
  const k = ++n;
  const { institutionId, chapterId } = await makeChapter(
    db,
    [`Join State University ${k}`, `JSU${k}`],
    [`Join Chapter ${k}`, `JCH${k}`],
  );
  await db
    .updateTable('chapters')
    .set({
      invitationAdvisor1Name: 'Dr. Maya Chen',
      invitationAdvisor1Title: 'Dean of Students',
      invitationAdvisor1Department: 'Student Life',
      invitationPresidentName: 'Sam Okafor',
      invitationTestimonialName: 'Lee Park',
      invitationTestimonialTitle: 'Class of 2025',
      invitationTestimonialText: 'The best decision of my first year.',
    })
    .where('id', '=', chapterId)
    .execute();
  const invitation = await db
    .insertInto('invitations')
    .values({
      chapterId,
      institutionId,
      deadline: day(deadlineDays),
      orientationDate: day(deadlineDays + 14),
      status: 'Ready',
      enableTickler: true,
      // As its processed database left them: the rates (pledge rate, RR) are over the valid invitees.
      countValid: invitees.filter((iv) => !iv.removed).length,
      countRemoved: invitees.filter((iv) => iv.removed).length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('invitees')
    .values(
      invitees.map((iv, i) => ({
        invitationId: invitation.id,
        firstName: iv.firstName ?? `Jordan${i}`,
        lastName: 'Rivera',
        email: iv.email,
        invitationCode: iv.code,
        removed: iv.removed ?? false,
        removedReason: iv.removed ? 'Invalid email' : null,
        mailingAddress: '{}',
        testValue,
      })),
    )
    .returning(['id', 'invitationCode'])
    .execute();
  return { institutionId, chapterId, invitationId: invitation.id, inviteeIds: rows.map((r) => r.id) };
}
