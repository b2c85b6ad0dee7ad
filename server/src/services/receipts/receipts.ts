import type { Db } from '../../db/database.js';
import type { ReceiptKind } from '../../db/tables/member.js';
import type { PaymentMethod } from '../../db/tables/payments.js';
import { societySettings } from './society.js';

/** One receipt or credit note with what its PDF prints. */
export type ReceiptDocument = {
  id: number;
  kind: ReceiptKind;
  number: string;
  issuedAt: Date;
  amountCents: number;
  currency: string;
  paymentId: number;
  method: PaymentMethod;
  reference: string | null;
  stripePaymentIntentId: string | null;
  accountId: number;
  memberName: string;
  memberEmail: string;
  /** A credit note's receipt number (the payment it refunds); null on a receipt. */
  refundOf: string | null;
  society: { name: string; address: string };
};

function receiptQuery(db: Db) {
  return db
    .selectFrom('receipts as r')
    .innerJoin('payments as p', 'p.id', 'r.paymentId')
    .innerJoin('accounts as a', 'a.id', 'r.accountId')
    .leftJoin('receipts as o', (j) => j.onRef('o.paymentId', '=', 'r.paymentId').on('o.kind', '=', 'receipt'))
    .select([
      'r.id',
      'r.kind',
      'r.number',
      'r.issuedAt',
      'r.amountCents',
      'r.currency',
      'r.paymentId',
      'r.accountId',
      'p.method',
      'p.reference',
      'p.stripePaymentIntentId',
      'a.firstName',
      'a.lastName',
      'a.email',
      'o.number as receiptNumber',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof receiptQuery>['executeTakeFirstOrThrow']>>;

const toDocument = (r: Row, society: ReceiptDocument['society']): ReceiptDocument => ({
  id: r.id,
  kind: r.kind,
  number: r.number,
  issuedAt: r.issuedAt,
  amountCents: r.amountCents,
  currency: r.currency,
  paymentId: r.paymentId,
  method: r.method,
  reference: r.reference,
  stripePaymentIntentId: r.stripePaymentIntentId,
  accountId: r.accountId,
  memberName: `${r.firstName} ${r.lastName}`.trim(),
  memberEmail: r.email,
  refundOf: r.kind === 'credit_note' ? r.receiptNumber : null,
  society,
});

/** The account's receipts and credit notes, newest first. */
export async function accountReceipts(db: Db, accountId: number): Promise<ReceiptDocument[]> {
  const [rows, society] = await Promise.all([
    receiptQuery(db)
      .where('r.accountId', '=', accountId)
      .orderBy('r.issuedAt', 'desc')
      .orderBy('r.id', 'desc')
      .execute(),
    societySettings(db),
  ]);
  return rows.map((r) => toDocument(r, society));
}

/** One receipt, only when it belongs to `accountId` (a member's own) or to anyone (`accountId` undefined: staff). */
export async function findReceipt(db: Db, id: number, accountId?: number): Promise<ReceiptDocument | undefined> {
  let query = receiptQuery(db).where('r.id', '=', id);
  if (accountId !== undefined) query = query.where('r.accountId', '=', accountId);
  const row = await query.executeTakeFirst();
  return row && toDocument(row, await societySettings(db));
}

/** The receipt (not a credit note) of a payment: what staff download from the payments list. */
export async function paymentReceiptId(db: Db, paymentId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('receipts')
    .select('id')
    .where('paymentId', '=', paymentId)
    .where('kind', '=', 'receipt')
    .executeTakeFirst();
  return row?.id;
}
