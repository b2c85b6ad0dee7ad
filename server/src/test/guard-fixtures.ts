import { afterAll, beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { recordEmailEvents } from '../services/mail/events.js';
import type { ProviderEvent } from '../services/mail/webhook-events.js';
import { createTestApp, type TestApp } from './helper.js';
import { makeTemplateVersion, templateIdOf } from './mail-fixtures.js';
import { providerEvent } from './delivery-fixtures.js';

/** What the guards' tests share: the app, a signed-in staff member who sends, a template and the fixtures below. */
export type GuardApp = {
  t: TestApp;
  cookie: string;
  staffId: number;
  versionId: number;
  templateId: number;
  fx: ReturnType<typeof guardFixtures>;
};

/**
 * The guards' tests' set-up (services/deliverability, issue 37 §3): an app whose links name the admin site, staff
 * signed in as sender@example.test, a template version; closed after the file. `ready` gets them once started.
 */
export function guardTestApp(ready: (app: GuardApp) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://admin.society.example' });
    const cookie = await t.signIn({ email: 'sender@example.test' });
    const staff = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'sender@example.test')
      .executeTakeFirstOrThrow();
    const versionId = await makeTemplateVersion(t.db);
    const templateId = await templateIdOf(t.db, versionId);
    ready({ t, cookie, staffId: staff.id, versionId, templateId, fx: guardFixtures(t.db, versionId) });
  });
  afterAll(() => t?.close());
}

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

  const event = (sendId: number, name: ProviderEvent['name'], id = `${name}-${sendId}`, at = new Date()) =>
    providerEvent(sendId, name, id, at);

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
