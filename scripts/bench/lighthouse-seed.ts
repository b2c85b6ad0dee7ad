import { joinSignature } from '../../server/src/services/join/join-link.js';
import { memberCertificate } from '../../server/src/services/certificates/certificates.js';
import { makeMember } from '../../server/src/test/accounts.js';
import type { Bench } from './harness.js';

const MEMBER = { email: 'lighthouse-member@bench.example', password: 'lighthouse member passphrase' };
const CODE = 'LIGHTHOUSE-1';

/**
 * What the public pages need in the bench database, made once and found again on later runs: an invitee's
 * signed join link (as the invitation email has it), and a member (signed in: their cookie) with a certificate.
 */
export async function seedLighthouse(
  bench: Bench,
): Promise<{ join: string; memberCookie: string; certificate: string }> {
  const { db } = bench;
  let member = await db.selectFrom('accounts').select('id').where('email', '=', MEMBER.email).executeTakeFirst();
  if (!member) {
    const made = await makeMember(db, {
      institution: ['Lighthouse State University', 'LSU'],
      chapter: ['Lighthouse Alpha', 'LA'],
      lastName: 'Lighthouse',
      ...MEMBER,
    });
    member = made;
    const { chapterId, institutionId } = made;
    const invitation = await db
      .insertInto('invitations')
      .values({ chapterId, institutionId, deadline: '2030-01-31', orientationDate: '2030-02-15' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('invitees')
      .values({
        invitationId: invitation.id,
        firstName: 'Avery',
        lastName: 'Lighthouse',
        email: 'lighthouse-invitee@bench.example',
        invitationCode: CODE,
      })
      .execute();
  }
  const certificate = await memberCertificate(db, member.id);
  if (!certificate) throw new Error('The Lighthouse member has no certificate');
  const login = await fetch(`${bench.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MEMBER),
  });
  if (!login.ok) throw new Error(`The Lighthouse member could not sign in: ${login.status}`);
  return {
    join: `${CODE}?signature=${await joinSignature(db, CODE)}`,
    memberCookie: (login.headers.get('set-cookie') ?? '').split(';')[0]!,
    certificate: certificate.id,
  };
}
