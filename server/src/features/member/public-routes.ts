import { contract, EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGED } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { findCertificate } from '../../services/certificates/certificates.js';
import { confirmEmailChange } from './profile.js';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export const memberPublicRoutes = s.router(contract.memberPublic, {
  /**
   * A certificate's public facts. A member who opted out of the directory is named only to someone who gives the
   * certificate's number (printed on it, beside the QR code).
   */
  certificate: async ({ params, query, request }) => {
    const c = await findCertificate(request.server.db, params.id);
    if (!c) throw notFound('Certificate');
    const numberGiven = query.number !== undefined && query.number.toUpperCase() === c.number;
    const hidden = c.directoryOptOut && !numberGiven;
    return {
      status: 200,
      body: {
        state: c.state,
        name: hidden ? null : c.name,
        chapter: c.chapter,
        institution: c.institution,
        memberSince: day(c.memberSince),
        nameNeedsNumber: hidden,
      },
    };
  },

  confirmEmailChange: async ({ body, request }) => {
    const changed = await confirmEmailChange(request.server.db, body.token, request.ip);
    if (!changed) throw new AppError(404, EMAIL_CHANGE_LINK_INVALID);
    return { status: 200, body: { message: EMAIL_CHANGED, email: changed.newEmail } };
  },
});
