import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Payment } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { inScope, scoped } from '../../services/auth/chapter-scope.js';
import { accountName, accountNameOf, accountPerson } from '../../db/account-sql.js';
import { csvIso, csvText, type CsvColumn } from '../../db/copy-csv.js';
import { searchable, withholdCsv } from '../../db/directory-opt-out.js';
import { dayRange } from '../../db/day-range.js';
import {
  firstItem,
  likePattern,
  mapPage,
  ownColumns,
  paginate,
  streamCsv,
  type ListFilters,
  type SortField,
  type SortMap,
} from '../../db/list.js';

type ListQuery = z.output<typeof import('@app/contract').PaymentListQuery>;
type Filters = ListFilters<ListQuery>;

const paymentSort: SortMap<SortField<ListQuery>> = {
  ...ownColumns('p', ['paidAt', 'amountCents', 'id']),
  name: 'a.nameKey',
};

function filterPayments(db: Db, f: Filters) {
  let qb = db
    .selectFrom('payments as p')
    .innerJoin('accounts as a', 'a.id', 'p.accountId')
    .leftJoin('invitees as iv', 'iv.id', 'p.inviteeId')
    .leftJoin('invitations as inv', 'inv.id', 'iv.invitationId')
    .leftJoin('institutions as ins', 'ins.id', 'inv.institutionId');
  qb = scoped(qb, 'a.chapterId'); // a chapter-scoped caller's: payments of its chapters' accounts (issue 35 §3)
  if (f.search) {
    const like = likePattern(f.search.toLowerCase());
    const match = sql<boolean>`(p.search like ${like} or lower(a.first_name || ' ' || a.last_name || ' ' || a.email || ' ' || coalesce(iv.invitation_code, a.invitation_code, '')) like ${like})`;
    qb = qb.where(searchable(match, 'a.directoryOptOut'));
  }
  if (f.method) qb = qb.where('p.method', '=', f.method);
  if (f.review) qb = qb.where('p.reviewState', '=', f.review);
  if (f.invitationId !== undefined) qb = qb.where('iv.invitationId', '=', f.invitationId);
  const paid = dayRange(f.paidFrom, f.paidTo);
  if (paid.gte) qb = qb.where('p.paidAt', '>=', paid.gte);
  if (paid.lt) qb = qb.where('p.paidAt', '<', paid.lt);
  return qb;
}

function selectPayments(db: Db, f: Filters) {
  return filterPayments(db, f).select([
    'p.id',
    'p.method',
    'p.amountCents',
    'p.currency',
    'p.reference',
    'p.externalId',
    'p.stripeSessionId',
    'p.stripePaymentIntentId',
    'p.paidAt',
    'p.refundedCents',
    'p.refundedAt',
    accountPerson('a').as('account'),
    sql<
      Payment['invitee']
    >`case when iv.id is null then null else json_build_object('id', iv.id, 'invitationId', iv.invitation_id, 'invitationCode', iv.invitation_code, 'institutionName', ins.name) end`.as(
      'invitee',
    ),
    accountNameOf('p.recordedBy').as('recordedBy'),
    'p.reviewState',
    'p.reviewReason',
    'p.reviewedAt',
    accountNameOf('p.reviewedBy').as('reviewedBy'),
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectPayments>['executeTakeFirstOrThrow']>>;

const toPayment = ({ reviewState, reviewReason, reviewedAt, reviewedBy, ...r }: Row): Payment => ({
  ...r,
  paidAt: r.paidAt.toISOString(),
  refundedAt: r.refundedAt ? r.refundedAt.toISOString() : null,
  review:
    reviewState && reviewReason
      ? { state: reviewState, reason: reviewReason, reviewedAt: reviewedAt?.toISOString() ?? null, reviewedBy }
      : null,
});

export async function listPayments(db: Db, query: ListQuery) {
  return mapPage(
    await paginate(selectPayments(db, query), query, paymentSort, 'p.id', { tieBreakerFollowsSort: true }),
    toPayment,
  );
}

export async function getPayment(db: Db, id: number): Promise<Payment> {
  return (await firstItem(selectPayments(db, {}).where('p.id', '=', id), toPayment))!;
}

const dollars = (column: string) => sql<string>`to_char(${sql.ref(column)} / 100.0, 'FM999999990.00')`;

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'p.id' },
  { header: 'paidAt', value: csvIso('p.paid_at') },
  { header: 'method', value: csvText('p.method') },
  { header: 'amount', value: dollars('p.amount_cents') },
  { header: 'currency', value: csvText('p.currency') },
  { header: 'refunded', value: dollars('p.refunded_cents') },
  { header: 'refundedAt', value: csvIso('p.refunded_at') },
  { header: 'reference', value: csvText('p.reference') },
  { header: 'recordedBy', value: csvText(accountNameOf('p.recorded_by')) },
  { header: 'externalId', value: csvText('p.external_id') },
  { header: 'stripeSessionId', value: csvText('p.stripe_session_id') },
  { header: 'accountId', value: 'a.id' },
  { header: 'name', value: csvText(accountName('a')) },
  { header: 'email', value: csvText('a.email') },
  { header: 'invitationId', value: 'iv.invitation_id' },
  { header: 'invitationCode', value: csvText('iv.invitation_code') },
  { header: 'institution', value: csvText('ins.name') },
  { header: 'review', value: csvText('p.review_state') },
  { header: 'reviewReason', value: csvText('p.review_reason') },
];

export function exportPayments(db: Kysely<DB>, query: Omit<ListQuery, 'page' | 'pageSize'>) {
  return streamCsv(
    db,
    filterPayments(db, query).select('p.id'),
    query.sort,
    paymentSort,
    withholdCsv(csvColumns, 'a.directory_opt_out'),
    'p.id',
  );
}

/** A member's or pledge's account (the payment or waiver locks it, after its invitee). */
export function accountOfPayment(db: Db, id: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'invitationCode'])
    .where('id', '=', id)
    .where(inScope('accounts.chapterId'))
    .executeTakeFirst();
}

/** The invitee an account joined through: the one it pledged with, else the one of its invitation code (the newest). */
export async function inviteeOfAccount(db: Db, account: { id: number; invitationCode: string | null }) {
  const row = await db
    .selectFrom('invitees')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('accountId', '=', account.id),
        ...(account.invitationCode ? [eb('invitationCode', '=', account.invitationCode)] : []),
      ]),
    )
    .orderBy(sql`account_id = ${account.id}`, 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The invitee holding a pledge's external id, if any. */
export async function inviteeOfPledgeExternalId(db: Db, externalId: string) {
  return (await db.selectFrom('invitees').select('id').where('pledgeExternalId', '=', externalId).executeTakeFirst())
    ?.id;
}
