import type { Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { recordEmailEvents } from '../services/mail/events.js';
import type { ProviderEvent } from '../services/mail/webhook-events.js';

/** The guards' tests' sends and provider events (services/deliverability, issue 37 §3). */
export function guardFixtures(db: Kysely<DB>, versionId: number) {
  let seq = 0;
  /** `n` sends already sent (their 'sent' events recorded), to `domain`, of `invitationId` when given. */
  async function sentSends(n: number, opts: { invitationId?: number; domain?: string } = {}): Promise<number[]> {
    const batch = ++seq;
    const rows = await db
      .insertInto('emailSends')
      .values(
        Array.from({ length: n }, (_, i) => ({
          source: 'invitation_email' as const,
          sourceId: `guard-${batch}`,
          recipientKey: `r${i}`,
          emailTo: `p${batch}x${i}@${opts.domain ?? 'guarded.example'}`,
          emailType: 'Invitation' as const,
          templateVersionId: versionId,
          invitationId: opts.invitationId ?? null,
          tokenValues: '{}',
          status: 'sent' as const,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    await recordEmailEvents(
      db,
      ids.map((sendId) => ({ sendId, name: 'sent', providerEventId: `local:${sendId}:sent` })),
    );
    return ids;
  }

  const event = (
    sendId: number,
    name: ProviderEvent['name'],
    id = `${name}-${sendId}`,
    at = new Date(),
  ): ProviderEvent => ({
    id,
    name,
    at: at.toISOString(),
    sendId,
    messageId: null,
    url: null,
    ip: null,
    userAgent: null,
    message: `${name} answer`,
  });

  const blocked = async (sendId: number) => {
    const { emailTo } = await db
      .selectFrom('emailSends')
      .select('emailTo')
      .where('id', '=', sendId)
      .executeTakeFirstOrThrow();
    return db
      .selectFrom('blockedEmails')
      .select(['emailType', 'reason', 'feedbackType'])
      .where('email', '=', emailTo)
      .execute();
  };

  return { sentSends, event, blocked };
}
