import { contract, EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGED } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { publicCertificate } from '../../services/certificates/certificates.js';
import { confirmEmailChange } from './profile.js';

export const memberPublicRoutes = s.router(contract.memberPublic, {
  /** A certificate's public facts (the page at PUBLIC_URL/verify/{id} shows the same: verify-page.ts). */
  certificate: async ({ params, query, request }) => {
    const body = await publicCertificate(request.server.db, params.id, query.number);
    if (!body) throw notFound('Certificate');
    return { status: 200, body };
  },

  confirmEmailChange: async ({ body, request }) => {
    const changed = await confirmEmailChange(request.server.db, body.token, request.ip);
    if (!changed) throw new AppError(404, EMAIL_CHANGE_LINK_INVALID);
    return { status: 200, body: { message: EMAIL_CHANGED, email: changed.newEmail } };
  },
});
