import { sql } from 'kysely';
import type { JoinState } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import type { AuditActor } from '../../db/audit-context.js';
import { writeAuditRow } from '../audit/write-audit-row.js';
import { signInAccountByEmail } from '../auth/sign-in-account.js';

/** Today's UTC day as the invitations' date columns compare (the product's days are UTC). */
const TODAY = sql<string>`(now() at time zone 'utc')::date`;

/** Invitees (`iv`) with their invitation (`inv`): what a join call reads of one (state, names, dates), to narrow down. */
export function joinInviteeQuery(db: Db) {
  return db
    .selectFrom('invitees as iv')
    .innerJoin('invitations as inv', 'inv.id', 'iv.invitationId')
    .select([
      'iv.id',
      'iv.invitationId',
      'iv.invitationCode',
      'iv.firstName',
      'iv.lastName',
      'iv.email',
      'iv.removed',
      'iv.legacyPledgeAt',
      'iv.legacyPaidAt',
      'iv.accountId',
      'iv.pledgeExternalId',
      'inv.chapterId',
      'inv.institutionId',
      sql<string>`to_char(inv.deadline, 'YYYY-MM-DD')`.as('deadline'),
      sql<string>`to_char(inv.orientation_date, 'YYYY-MM-DD')`.as('orientationDate'),
      sql<boolean>`inv.deadline < ${TODAY}`.as('pastDeadline'),
    ]);
}

/** The invitee behind a code (the join link) or an id (staff and integrators) with what its state is made of; `for update` to change it. */
export async function joinInvitee(db: Db, by: { code: string } | { id: number }, lock = false) {
  let q = joinInviteeQuery(db);
  q = 'code' in by ? q.where('iv.invitationCode', '=', by.code) : q.where('iv.id', '=', by.id);
  if (lock) q = q.forUpdate('iv');
  return q.executeTakeFirst();
}
export type JoinInvitee = NonNullable<Awaited<ReturnType<typeof joinInvitee>>>;

/** Spec 02's funnel for one invitee: removed and paid win over the deadline; a pledge made in time stays one. */
export function joinState(
  iv: Pick<JoinInvitee, 'removed' | 'legacyPledgeAt' | 'legacyPaidAt' | 'pastDeadline'>,
): JoinState {
  if (iv.removed) return 'removed';
  if (iv.legacyPaidAt) return 'member';
  if (iv.legacyPledgeAt) return 'pledged';
  return iv.pastDeadline ? 'expired' : 'invited';
}

/** An account by address (compared lower-cased, as its unique index does), locked for the pledge. */
export function accountByEmail(db: Db, email: string, lock = false) {
  const q = signInAccountByEmail(db, email.trim()).select(['invitationCode', 'pledgedAt', 'memberAt']);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}
type ExistingAccount = NonNullable<Awaited<ReturnType<typeof accountByEmail>>>;

type NewPledgeAccount = {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string | null;
  invitationCode: string;
  institutionId: number;
  chapterId: number;
};

/** A pledge's new account: not admin, active, pledged now. */
function createPledgeAccount(trx: Trx, a: NewPledgeAccount) {
  return trx
    .insertInto('accounts')
    .values({ ...a, admin: false, active: true, pledgedAt: sql<Date>`now()`, address: '{}' })
    .returning(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin'])
    .executeTakeFirstOrThrow();
}

/**
 * Links an existing account to the invitation: what it lacks (pledge time, code, school) is filled, nothing it
 * has is changed. Never its password: a pledge does not prove the address is the caller's (issue 34).
 */
async function linkPledgeAccount(
  trx: Trx,
  accountId: number,
  link: { invitationCode: string; institutionId: number; chapterId: number },
) {
  const codeFree = !(await trx
    .selectFrom('accounts')
    .select('id')
    .where('invitationCode', '=', link.invitationCode)
    .where('id', '<>', accountId)
    .executeTakeFirst());
  return trx
    .updateTable('accounts')
    .set((eb) => ({
      pledgedAt: eb.fn.coalesce('pledgedAt', sql<Date>`now()`),
      invitationCode: codeFree
        ? eb.fn.coalesce('invitationCode', eb.val(link.invitationCode))
        : eb.ref('invitationCode'),
      institutionId: eb.fn.coalesce('institutionId', eb.val(link.institutionId)),
      chapterId: eb.fn.coalesce('chapterId', eb.val(link.chapterId)),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', accountId)
    .returning(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin'])
    .executeTakeFirstOrThrow();
}

export type PledgeOptions = {
  /** A new account's password hash (the landing page); an existing account's password is never changed here. */
  passwordHash?: string | null;
  /** Who pledged, for the audit row of a linked account; default: the request's actor (staff, an API key). */
  actor?: AuditActor;
  /** Called with an existing account of the invitee's address before it is linked: throws to refuse (a password that does not match). */
  checkExisting?: (account: ExistingAccount) => Promise<void>;
  /** The integrator's external id of the pledge, kept on the invitee (the first one stays). */
  externalId?: string;
};

/**
 * The pledge of a locked invitee, in the caller's transaction, for the landing page, staff and integrators
 * alike: the invitee's account is created (names, email, the invitation's institution and chapter, the code,
 * pledged now; not admin) or the account of that address linked (never duplicated), and the invitee's
 * `legacyPledgeAt` (kept from the first) and account set. Twice is once. Linking an existing account is
 * audited ('pledge-link'): no row trigger sees a public pledge. `linked` says whether the account existed.
 */
export async function pledgeInvitee(trx: Trx, invitee: JoinInvitee, options: PledgeOptions = {}) {
  const link = {
    invitationCode: invitee.invitationCode!,
    institutionId: invitee.institutionId,
    chapterId: invitee.chapterId,
  };
  const account = await accountByEmail(trx, invitee.email, true);
  let saved;
  if (account) {
    await options.checkExisting?.(account);
    saved = await linkPledgeAccount(trx, account.id, link);
    await writeAuditRow(
      trx,
      {
        action: 'pledge-link',
        entity: 'accounts',
        entityId: account.id,
        detail: { invitationCode: link.invitationCode, inviteeId: invitee.id },
      },
      options.actor,
    );
  } else {
    saved = await createPledgeAccount(trx, {
      ...link,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      email: invitee.email.trim(),
      passwordHash: options.passwordHash ?? null,
    });
  }
  await trx
    .updateTable('invitees')
    .set((eb) => ({
      legacyPledgeAt: eb.fn.coalesce('legacyPledgeAt', sql<Date>`now()`),
      accountId: saved.id,
      ...(options.externalId
        ? { pledgeExternalId: eb.fn.coalesce('pledgeExternalId', eb.val(options.externalId)) }
        : {}),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', invitee.id)
    .execute();
  return { ...saved, linked: !!account };
}
