import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { IssuerKey } from './issuer.js';

/*
 * An OpenBadgeCredential (Open Badges 3.0, 1EdTech): a W3C Verifiable Credential whose subject holds the
 * Achievement made from a completed program. Secured with the JSON Web Token proof format of OB 3.0 §8.2
 * (VC-JWT): JOSE header {alg: EdDSA, kid, jwk, typ: JWT}; payload {iss, jti, nbf, sub, vc}. Revocation goes
 * through a BitstringStatusListEntry pointing at the society's status list.
 */

export const OB_CONTEXT = [
  'https://www.w3.org/2018/credentials/v1',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
];
export const STATUS_LIST_PATH = '/status/revocation';

export type BadgeInput = {
  id: string;
  base: string;
  issuedAt: Date;
  statusIndex: number;
  society: { name: string };
  recipient: { email: string };
  program: { slug: string; name: string; summary: string | null };
};

/** The recipient's email as an OB IdentityObject: salted SHA-256, so the credential does not carry the address. */
function hashedEmail(email: string) {
  const salt = randomBytes(12).toString('base64url');
  const hash = createHash('sha256').update(`${email.trim().toLowerCase()}${salt}`).digest('hex');
  return { type: 'IdentityObject', hashed: true, identityHash: `sha256$${hash}`, identityType: 'emailAddress', salt };
}

export function buildCredential(b: BadgeInput): Record<string, unknown> {
  const issuer = { id: `${b.base}/issuer`, type: ['Profile'], name: b.society.name, url: b.base };
  const description = b.program.summary ?? `Completed the ${b.program.name} program of ${b.society.name}.`;
  return {
    '@context': OB_CONTEXT,
    id: `${b.base}/badges/${b.id}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: b.program.name,
    issuer,
    issuanceDate: b.issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    credentialSubject: {
      id: `urn:uuid:${b.id}`,
      type: ['AchievementSubject'],
      identifier: [hashedEmail(b.recipient.email)],
      achievement: {
        id: `${b.base}/achievements/${encodeURIComponent(b.program.slug)}`,
        type: ['Achievement'],
        achievementType: 'Achievement',
        name: b.program.name,
        description,
        criteria: {
          narrative: `Complete every required step of the ${b.program.name} program of ${b.society.name}.`,
        },
        image: { id: `${b.base}/logo.svg`, type: 'Image', caption: b.society.name },
        creator: issuer,
      },
    },
    credentialStatus: {
      id: `${b.base}${STATUS_LIST_PATH}#${b.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(b.statusIndex),
      statusListCredential: `${b.base}${STATUS_LIST_PATH}`,
    },
  };
}

/** The credential as a Compact JWS (OB 3.0 JSON Web Token proof), signed with the issuer's Ed25519 key. */
export async function signCredential(credential: Record<string, unknown>, key: IssuerKey): Promise<string> {
  const issuer = credential.issuer as { id: string };
  const subject = credential.credentialSubject as { id: string };
  return new SignJWT({ vc: credential })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: key.kid, jwk: key.publicJwk })
    .setIssuer(issuer.id)
    .setJti(credential.id as string)
    .setSubject(subject.id)
    .setNotBefore(Math.floor(new Date(credential.issuanceDate as string).getTime() / 1000))
    .sign(key.privateKey);
}
