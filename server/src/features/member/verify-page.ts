import type { FastifyInstance } from 'fastify';
import { publicCertificate, type PublicCertificate } from '../../services/certificates/certificates.js';
import { escapeHtml as escape, formatDay, publicPage, sendPage } from '../../html/public-page.js';

/*
 * PUBLIC_URL/verify/{certificateId}, the page a certificate's QR code opens (issue 38 §3): valid or revoked, name,
 * chapter, institution and date, nothing else; for a member who opted out of the directory, the name only once the
 * certificate's number is entered. Rendered here, from the facts `GET /api/public/certificates/{id}` answers
 * (`publicCertificate`), as plain HTML with no script: it paints at once on a phone (issue 38 §5), and the number
 * form works as a plain GET. An unknown id is a 404 page.
 */

const TITLE = 'Certificate verification';
export const UNKNOWN_CERTIFICATE = 'No certificate has this address. Check the link or the QR code.';
export const CERTIFICATE_VALID = 'This membership certificate is valid.';
export const CERTIFICATE_REVOKED = 'This certificate was revoked and no longer proves membership.';
export const NAME_NEEDS_NUMBER =
  'This member keeps their name private. Enter the number printed on the certificate to see it.';
export const NUMBER_MISMATCH = 'This number does not match the certificate';

const CHECK =
  '<svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><circle cx="12" cy="12" r="9"/><path d="M9 12l2 2 4-4"/></svg>';
const CROSS =
  '<svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><circle cx="12" cy="12" r="9"/><path d="M10 10l4 4m0-4l-4 4"/></svg>';

function row(label: string, value: string | null): string {
  return `<div><dt>${label}</dt><dd>${value === null ? '—' : escape(value)}</dd></div>`;
}

/** The number form of an opted-out member's certificate, with the mismatch under it when a wrong number came. */
function numberForm(id: string, number: string | undefined): string {
  const wrong = number !== undefined && number !== '';
  return `<form method="get" action="/verify/${escape(id)}">
<p class="hint">${NAME_NEEDS_NUMBER}</p>
<label for="number">Certificate number</label>
<div class="row"><input id="number" name="number" placeholder="MC-000123" maxlength="40" autocomplete="off"${
    wrong ? ` value="${escape(number)}" aria-invalid="true" aria-describedby="number-error"` : ''
  }><button type="submit">Show name</button></div>
${wrong ? `<p class="error" id="number-error">${NUMBER_MISMATCH}</p>` : ''}</form>`;
}

/** The page's body for a known certificate. */
export function verificationBody(id: string, v: PublicCertificate, number: string | undefined): string {
  const state =
    v.state === 'valid'
      ? `<p class="state valid">${CHECK}<span class="badge">Valid</span>${CERTIFICATE_VALID}</p>`
      : `<p class="state revoked">${CROSS}<span class="badge">Revoked</span>${CERTIFICATE_REVOKED}</p>`;
  const facts = [
    row('Name', v.name),
    row('Chapter', v.chapter),
    row('Institution', v.institution),
    row('Member since', formatDay(v.memberSince)),
  ].join('');
  return `${state}<dl>${facts}</dl>${v.nameNeedsNumber ? numberForm(id, number) : ''}`;
}

export async function registerVerifyPage(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: { number?: unknown } }>(
    '/verify/:id',
    { schema: { hide: true } as never },
    async (request, reply) => {
      const number = typeof request.query.number === 'string' ? request.query.number.trim().slice(0, 40) : undefined;
      const facts = await publicCertificate(app.db, request.params.id, number);
      if (!facts)
        return sendPage(reply, publicPage(TITLE, `<p class="alert" role="alert">${UNKNOWN_CERTIFICATE}</p>`), {
          status: 404,
        });
      return sendPage(reply, publicPage(TITLE, verificationBody(request.params.id, facts, number)));
    },
  );
}
