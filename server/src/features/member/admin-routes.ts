import { contract, type AccountMembership } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { inScope, paymentReachable } from '../../services/auth/chapter-scope.js';
import { reissueCertificate, revokeCertificate } from '../../services/certificates/certificates.js';
import { accountReceipts, findReceipt } from '../../services/receipts/receipts.js';
import { certificateView, receiptView, sendReceiptPdf } from './documents.js';
import { memberBadges } from './badge-view.js';
import { revokeBadge } from '../../services/badges/badges.js';

/** Where staff download a receipt: the payment's receipt or credit note call. */
const staffReceiptUrl = (paymentId: number, kind: string) =>
  `/api/admin/accounts/payments/${paymentId}/receipt.pdf${kind === 'credit_note' ? '?kind=credit_note' : ''}`;

/** An account within the caller's chapter scope; another chapter's is not found, as a missing one. */
async function reachableAccount(app: FastifyInstance, accountId: number): Promise<void> {
  const account = await app.db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where(inScope('accounts.chapterId'))
    .executeTakeFirst();
  if (!account) throw notFound('Account');
}

async function membership(app: FastifyInstance, accountId: number): Promise<AccountMembership> {
  await reachableAccount(app, accountId);
  const [receipts, certificate, badges] = await Promise.all([
    accountReceipts(app.db, accountId),
    app.db
      .selectFrom('certificates')
      .selectAll()
      .where('accountId', '=', accountId)
      .orderBy('issuedAt', 'desc')
      .orderBy('number', 'desc')
      .executeTakeFirst(),
    memberBadges(app, accountId),
  ]);
  return {
    receipts: receipts.map((r) => receiptView(r, staffReceiptUrl(r.paymentId, r.kind))),
    certificate: certificate
      ? {
          ...certificateView(app, certificate),
          state: certificate.revokedAt ? 'revoked' : 'valid',
          issuedAt: certificate.issuedAt.toISOString(),
          revokedAt: certificate.revokedAt?.toISOString() ?? null,
        }
      : null,
    badges,
  };
}

export const paymentReceiptRoutes = s.router(contract.paymentReceipts, {
  receiptPdf: async ({ params, query, request, reply }) => {
    const { db } = request.server;
    if (!(await paymentReachable(db, params.id))) throw notFound(query.kind === 'receipt' ? 'Receipt' : 'Credit note');
    const row = await db
      .selectFrom('receipts')
      .select('id')
      .where('paymentId', '=', params.id)
      .where('kind', '=', query.kind)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const receipt = row && (await findReceipt(db, row.id));
    if (!receipt) throw notFound(query.kind === 'receipt' ? 'Receipt' : 'Credit note');
    return sendReceiptPdf(request.server, reply, receipt);
  },
});

export const accountMembershipRoutes = s.router(contract.accountMembership, {
  membership: async ({ params, request }) => ({ status: 200, body: await membership(request.server, params.id) }),

  revokeCertificate: async ({ params, body, request }) => {
    await reachableAccount(request.server, params.id);
    const done = await revokeCertificate(request.server.db, params.id, request.account?.id ?? null, body.reason);
    if (!done) throw new AppError(409, 'This account has no valid certificate to revoke');
    return { status: 200, body: await membership(request.server, params.id) };
  },

  revokeBadge: async ({ params, request }) => {
    await reachableAccount(request.server, params.id);
    if (!(await revokeBadge(request.server.db, params.id, params.badgeId)))
      throw new AppError(409, 'This account has no valid badge with this id');
    return { status: 200, body: await membership(request.server, params.id) };
  },

  reissueCertificate: async ({ params, request }) => {
    await reachableAccount(request.server, params.id);
    const issued = await request.server.db
      .transaction()
      .execute((trx) => reissueCertificate(trx, params.id, request.account?.id ?? null));
    if (!issued) throw new AppError(409, 'Only a member has a certificate');
    return { status: 200, body: await membership(request.server, params.id) };
  },
});
