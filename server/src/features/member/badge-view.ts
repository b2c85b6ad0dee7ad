import type { FastifyInstance } from 'fastify';
import type { MemberBadge } from '@app/contract';
import { accountBadges, issueCompletedBadges, type BadgeRow } from '../../services/badges/badges.js';
import { societySettings } from '../../services/receipts/society.js';
import { baseOf } from '../../services/signed-link.js';

/**
 * LinkedIn's "Add license or certification" link (a plain URL with the certification's fields, no API): the
 * badge's name, the society, the issue month and year, and the badge's page as the credential URL and id.
 */
export function linkedInUrl(base: string, b: Pick<BadgeRow, 'id' | 'name' | 'issuedAt'>, organization: string): string {
  const url = new URL('https://www.linkedin.com/profile/add');
  url.search = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: b.name,
    organizationName: organization,
    issueYear: String(b.issuedAt.getUTCFullYear()),
    issueMonth: String(b.issuedAt.getUTCMonth() + 1),
    certUrl: `${base}/badges/${b.id}`,
    certId: b.id,
  }).toString();
  return url.toString();
}

export const badgeView = (base: string, b: BadgeRow, organization: string): MemberBadge => ({
  id: b.id,
  name: b.name,
  issuedAt: b.issuedAt.toISOString(),
  revoked: b.revokedAt !== null,
  url: `${base}/badges/${b.id}`,
  linkedInUrl: linkedInUrl(base, b, organization),
});

/** The account's badges, issuing first those of programs completed since the last look. */
export async function memberBadges(app: FastifyInstance, accountId: number): Promise<MemberBadge[]> {
  const base = baseOf({ baseUrl: app.config.PUBLIC_URL });
  await issueCompletedBadges(app.db, app.config, base, accountId);
  const [badges, society] = await Promise.all([accountBadges(app.db, accountId), societySettings(app.db)]);
  return badges.map((b) => badgeView(base, b, society.name));
}
