import { contract, EMAIL_CHANGE_SENT, PASSWORD_LINK_SENT } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { s } from '../../ts-rest.js';
import { auditActors } from '../../db/audit-context.js';
import { notFound } from '../../errors.js';
import { issuePasswordLink } from '../../services/auth/password-links.js';
import { memberCertificate } from '../../services/certificates/certificates.js';
import { accountReceipts, findReceipt } from '../../services/receipts/receipts.js';
import {
  certificateView,
  memberReceiptUrl,
  pdfHeaders,
  receiptView,
  renderCertificate,
  sendReceiptPdf,
} from './documents.js';
import { memberProfile, requestEmailChange, saveMemberProfile } from './profile.js';
import { memberBadges } from './badge-view.js';

const me = (request: FastifyRequest) => request.account!.id;

/** Runs a member's write as their own: the audit row triggers name them as actor. */
const asMember = <T>(request: FastifyRequest, write: () => Promise<T>) =>
  auditActors.run({ accountId: me(request), apiKeyId: null, address: request.ip }, write);

async function ownCertificate(request: FastifyRequest) {
  const certificate = await memberCertificate(request.server.db, me(request));
  if (!certificate) throw notFound('Certificate');
  return certificate;
}

export const memberRoutes = s.router(contract.member, {
  profile: async ({ request }) => ({ status: 200, body: await memberProfile(request.server.db, me(request)) }),

  saveProfile: async ({ body, request }) => {
    await asMember(request, () => saveMemberProfile(request.server.db, me(request), body));
    return { status: 200, body: await memberProfile(request.server.db, me(request)) };
  },

  changeEmail: async ({ body, request }) => {
    const { db, jobs, config } = request.server;
    await requestEmailChange(db, jobs, me(request), body.email, { baseUrl: config.PUBLIC_URL });
    return { status: 202, body: { message: EMAIL_CHANGE_SENT } };
  },

  sendPasswordLink: async ({ request }) => {
    const { db, jobs, config } = request.server;
    const actor = { accountId: me(request), apiKeyId: null, address: request.ip };
    await issuePasswordLink(db, jobs, me(request), {
      baseUrl: config.PUBLIC_URL,
      reason: 'member-profile',
      actor,
      minIntervalSeconds: 60,
    });
    return { status: 202, body: { message: PASSWORD_LINK_SENT } };
  },

  receipts: async ({ request }) => {
    const receipts = await accountReceipts(request.server.db, me(request));
    return { status: 200, body: receipts.map((r) => receiptView(r, memberReceiptUrl(r))) };
  },

  receiptPdf: async ({ params, request, reply }) => {
    const receipt = await findReceipt(request.server.db, params.id, me(request));
    if (!receipt) throw notFound('Receipt');
    return sendReceiptPdf(request.server, reply, receipt);
  },

  certificate: async ({ request }) => ({
    status: 200,
    body: certificateView(request.server, await ownCertificate(request)),
  }),

  badges: async ({ request }) => ({ status: 200, body: await memberBadges(request.server, me(request)) }),

  certificatePdf: async ({ query, request, reply }) => {
    const certificate = await ownCertificate(request);
    const bytes = await renderCertificate(request.server, certificate, query.size);
    pdfHeaders(reply, `certificate-${certificate.number}-${query.size}.pdf`);
    return { status: 200, body: Buffer.from(bytes) };
  },
});
