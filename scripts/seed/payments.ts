import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.js';
import type { PaymentMethod } from '../../server/src/db/tables/payments.js';

const METHODS: PaymentMethod[] = ['stripe', 'check', 'card', 'cash', 'waived', 'other'];

/** What a demo invitee's account is made of. */
export const INVITEE_ACCOUNT_FIELDS = [
  'iv.id',
  'iv.firstName',
  'iv.lastName',
  'iv.email',
  'iv.invitationCode',
  'iv.legacyPledgeAt',
  'iv.legacyPaidAt',
  'inv.institutionId',
  'inv.chapterId',
] as const;

type InviteeOfAccount = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  invitationCode: string | null;
  legacyPledgeAt: Date | null;
  legacyPaidAt: Date | null;
  institutionId: number;
  chapterId: number;
};

/**
 * The account of a demo invitee (its address's, else a new one: pledged and, once paid, a member since that day),
 * linked to the invitee. No password: the invitee sets one through "Forgot password?".
 */
export async function inviteeAccount(trx: Db, iv: InviteeOfAccount): Promise<number> {
  const existing = await trx
    .selectFrom('accounts')
    .select('id')
    .where(sql`lower(email)`, '=', iv.email.toLowerCase())
    .executeTakeFirst();
  const accountId =
    existing?.id ??
    (
      await trx
        .insertInto('accounts')
        .values({
          firstName: iv.firstName,
          lastName: iv.lastName,
          email: iv.email,
          invitationCode: iv.invitationCode,
          institutionId: iv.institutionId,
          chapterId: iv.chapterId,
          pledgedAt: iv.legacyPledgeAt,
          memberAt: iv.legacyPaidAt,
          address: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await trx.updateTable('invitees').set({ accountId }).where('id', '=', iv.id).execute();
  return accountId;
}

/**
 * The payments list's demo rows: the demo invitations' paid invitees get their account (a member since the
 * day they paid) and a payment in every method, one Stripe payment partly refunded. Once (by external id).
 */
export async function seedPayments(db: Db): Promise<number> {
  if (await db.selectFrom('payments').select('id').where('externalId', 'like', 'demo-%').executeTakeFirst()) return 0;
  const paid = await db
    .selectFrom('invitees as iv')
    .innerJoin('invitations as inv', 'inv.id', 'iv.invitationId')
    .select(INVITEE_ACCOUNT_FIELDS)
    .where('iv.legacyPaidAt', 'is not', null)
    .where('iv.invitationCode', 'like', '%D%')
    .orderBy('iv.id')
    .limit(12)
    .execute();
  let made = 0;
  for (const [i, iv] of paid.entries()) {
    await db.transaction().execute(async (trx) => {
      const accountId = await inviteeAccount(trx, iv);
      const method = METHODS[i % METHODS.length]!;
      const stripe = method === 'stripe';
      await trx
        .insertInto('payments')
        .values({
          accountId,
          inviteeId: iv.id,
          amountCents: method === 'waived' ? 0 : 9500,
          method,
          reference: stripe
            ? `pi_demo_${i}`
            : method === 'check'
              ? `Check #${1040 + i}`
              : method === 'waived'
                ? 'Scholarship'
                : null,
          externalId: `demo-${iv.id}`,
          stripeSessionId: stripe ? `cs_demo_${i}` : null,
          stripePaymentIntentId: stripe ? `pi_demo_${i}` : null,
          paidAt: iv.legacyPaidAt!,
          refundedCents: stripe && i === 0 ? 9500 : 0,
          refundedAt: stripe && i === 0 ? iv.legacyPaidAt! : null,
        })
        .execute();
      made++;
    });
  }
  return made;
}

/** The pledges list's demo rows: accounts of demo invitees who pledged and have not paid. Once (by address). */
export async function seedPledges(db: Db): Promise<number> {
  const pledged = await db
    .selectFrom('invitees as iv')
    .innerJoin('invitations as inv', 'inv.id', 'iv.invitationId')
    .select(INVITEE_ACCOUNT_FIELDS)
    .where('iv.legacyPledgeAt', 'is not', null)
    .where('iv.legacyPaidAt', 'is', null)
    .where('iv.accountId', 'is', null)
    .where('iv.invitationCode', 'like', '%D%')
    .orderBy('iv.id')
    .limit(12)
    .execute();
  for (const iv of pledged) await db.transaction().execute((trx) => inviteeAccount(trx, iv));
  return pledged.length;
}
