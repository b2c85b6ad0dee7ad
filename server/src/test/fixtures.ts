import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.js';

/**
 * An institution and a chapter of it, the parents every invitation needs; each named `[name, abbreviation]`.
 * @example const { institutionId, chapterId } = await makeChapter(t.db, ['Invite State University', 'ISU'], ['Invite Chapter', 'ICH']);
 */
export async function makeChapter(db: Kysely<DB>, institution: [string, string], chapter: [string, string]) {
  const { rows } = await sql<{ institutionId: number; chapterId: number }>`
    with i as (insert into institutions (name, type, abbreviation, ownership) values (${institution[0]}, 'College/University', ${institution[1]}, 'Public') returning id),
    c as (insert into chapters (name, abbreviation, institution_id) select ${chapter[0]}, ${chapter[1]}, i.id from i returning id, institution_id)
    select institution_id, id as chapter_id from c`.execute(db);
  return rows[0]!;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * A program component using the quiz, survey or assessment `id` (in a new program `program` with one
 * section), which makes deleting it a 409.
 * @example await useInProgram(t.db, 'quiz', id, ['Leadership 101', 'Check-in']);
 */
export async function useInProgram(
  db: Kysely<DB>,
  type: 'quiz' | 'survey' | 'assessment',
  id: number,
  [program, component]: [string, string],
) {
  await sql`
    with p as (insert into programs (name, slug) values (${program}, ${slug(program)}) returning id),
         s as (insert into program_sections (program_id, name) select id, 'Week 1' from p returning id, program_id)
    insert into program_components (program_id, section_id, name, slug, component_type, ${sql.ref(`${type}_id`)})
    select program_id, id, ${component}, ${slug(component)}, ${type}, ${id} from s`.execute(db);
}

let payments = 0;

/**
 * A $95 membership payment of `accountId` (paid 2026-03-14; Stripe unless `method` says otherwise), which issues
 * its receipt.
 * @example const { id } = await makePayment(t.db, member.id, { method: 'waived', amountCents: 0 });
 */
export async function makePayment(
  db: Kysely<DB>,
  accountId: number,
  extra: Partial<{ method: 'stripe' | 'check' | 'waived'; amountCents: number; paidAt: Date }> = {},
) {
  const stripe = (extra.method ?? 'stripe') === 'stripe';
  return db
    .insertInto('payments')
    .values({
      accountId,
      inviteeId: null,
      amountCents: extra.amountCents ?? 9500,
      method: extra.method ?? 'stripe',
      reference: null,
      externalId: null,
      stripeSessionId: null,
      stripePaymentIntentId: stripe ? `pi_test_${++payments}_${accountId}` : null,
      recordedBy: null,
      reviewState: null,
      reviewReason: null,
      reviewedBy: null,
      reviewedAt: null,
      paidAt: extra.paidAt ?? new Date('2026-03-14T12:00:00Z'),
    })
    .returning(['id', 'stripePaymentIntentId'])
    .executeTakeFirstOrThrow();
}
