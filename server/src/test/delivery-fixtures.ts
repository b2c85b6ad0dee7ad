import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { createTestApp, type TestApp } from './helper.js';
import { setServiceConfig } from '../services/secrets.js';
import { mailConfig, type MailConfig } from '../services/mail/mail-config.js';
import { queueEmails } from '../services/mail/send.js';
import type { ProviderEvent } from '../services/mail/webhook-events.js';
import { makeTemplateVersion, recordingJobs } from './mail-fixtures.js';

/** What the delivery tests share: the app, its mail settings, and a template version to queue sends of. */
export type DeliveryApp = { t: TestApp; config: MailConfig; versionId: number };

/**
 * The delivery tests' set-up (services/mail/deliver, services/deliverability): an app with the rate unbounded and a
 * public URL, its settings installed for the services, one template version, closed after the file. `ready` gets
 * them once started. `emptyQueue`: each test starts with nothing queued (sends a test leaves queued on purpose
 * are failed out of the way).
 */
export function deliveryTestApp(ready: (app: DeliveryApp) => void, opts: { emptyQueue?: boolean } = {}): void {
  let app: DeliveryApp | undefined;
  beforeAll(async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://admin.society.example', EMAIL_RATE_PER_SECOND: '100000' });
    setServiceConfig(t.config);
    app = { t, config: mailConfig(t.config), versionId: await makeTemplateVersion(t.db) };
    ready(app);
  });
  afterAll(async () => {
    setServiceConfig(undefined);
    await app?.t.close();
  });
  if (opts.emptyQueue)
    beforeEach(async () => {
      await app!.t.db.updateTable('emailSends').set({ status: 'failed' }).where('status', '=', 'queued').execute();
    });
}

/** Queues `perDomain` invitations to each of `domains`, interleaved (one to each domain in turn); answers the send ids. */
export async function queueToDomains(app: DeliveryApp, domains: string[], perDomain: number, sourceId: string) {
  const emails = Array.from({ length: perDomain }, (_, i) => domains.map((d) => `s${i}@${d}`))
    .flat()
    .map((to) => ({
      recipientKey: to,
      to,
      emailType: 'Invitation' as const,
      values: { firstName: 'A', lastName: 'B' },
    }));
  const { sendIds } = await queueEmails(app.t.db, recordingJobs(), {
    source: 'invitation_email',
    sourceId,
    templateVersionId: app.versionId,
    emails,
  });
  return sendIds;
}

/** What the delivery passes and the provider's events left of a recipient domain (email_domains). */
export async function domainRow(db: Kysely<DB>, domain: string) {
  const { rows } = await sql<{
    state: string;
    ratePerMinute: number | null;
    sent: number;
    deferred: number;
    providerDeferrals: number;
    providerDeferringSince: Date | null;
    lastAnswer: string | null;
  }>`
    select state, rate_per_minute as "ratePerMinute", sent, deferred, provider_deferrals as "providerDeferrals",
      provider_deferring_since as "providerDeferringSince", last_answer as "lastAnswer"
    from email_domains where domain = ${domain}`.execute(db);
  return rows[0];
}

/** The status and reason of every send to `domain`. */
export const sendsTo = (db: Kysely<DB>, domain: string) =>
  db.selectFrom('emailSends').select(['status', 'sendStatusMessage']).where('emailTo', 'like', `%@${domain}`).execute();

/** A provider's event about one send, as a webhook reads it (`message`: its answer). */
export const providerEvent = (
  sendId: number,
  name: ProviderEvent['name'],
  id: string,
  at = new Date(),
  message = `${name} answer`,
): ProviderEvent => ({
  id,
  name,
  at: at.toISOString(),
  sendId,
  messageId: null,
  url: null,
  ip: null,
  userAgent: null,
  message,
});
