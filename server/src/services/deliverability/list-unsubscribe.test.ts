import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { setServiceConfig } from '../secrets.js';
import { deliverQueuedEmails } from '../mail/deliver.js';
import { mailConfig } from '../mail/mail-config.js';
import { queueEmails } from '../mail/send.js';
import { makeInvitees, makeTemplateVersion, recordingJobs } from '../../test/mail-fixtures.js';
import type { EmailSourceKey } from '../../db/tables/email.js';

/*
 * Issue 37 §4: every bulk message keeps List-Unsubscribe and List-Unsubscribe-Post (RFC 8058; Gmail and Yahoo
 * require both of bulk senders). The sources are read from the send log's own check constraint, so a new kind
 * of email fails here until it is said to be bulk (and carries the headers) or one-to-one.
 */
const BULK: EmailSourceKey[] = ['invitation_email', 'invitation_tickler'];
/** One-to-one: a staff member's test copy, a welcome, a set-password or address-confirmation link, a notice to one person. */
const ONE_TO_ONE: string[] = [
  'invitation_email_test',
  'invitation_tickler_test',
  'welcome_email',
  'welcome_email_test',
  'welcome_no_payment',
  'welcome_no_payment_test',
  'set_password',
  'email_change',
  // The guards' notice to the staff who sent a paused campaign (issue 37 §3).
  'guard_notice',
  // A member's notice that their badges were reissued after a leaked issuer key (issue 38).
  'badge_reissued',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://admin.society.example', EMAIL_RATE_PER_SECOND: '100000' });
  setServiceConfig(t.config);
});
afterAll(async () => {
  setServiceConfig(undefined);
  await t?.close();
});

describe('List-Unsubscribe on every bulk message', () => {
  it('knows every source the send log takes as bulk or one-to-one', async () => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'email_sends'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%source%'`.execute(
      t.db,
    );
    const sources = [...rows[0]!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(sources.filter((s) => !BULK.includes(s as EmailSourceKey) && !ONE_TO_ONE.includes(s))).toEqual([]);
    expect(sources).toEqual(expect.arrayContaining(BULK));
  });

  it.each(BULK)('%s carries both headers, and its one-click target unsubscribes', async (source) => {
    const versionId = await makeTemplateVersion(t.db, { name: source });
    const { invitationId, invitees } = await makeInvitees(t.db, 2, `${source.replace(/_/g, '-')}.example`);
    const queued = await queueEmails(t.db, recordingJobs(), {
      source,
      sourceId: String(9000 + BULK.indexOf(source)),
      templateVersionId: versionId,
      emails: invitees.map((i) => ({
        recipientKey: `invitee:${i.id}`,
        to: i.email,
        emailType: 'Invitation' as const,
        values: { firstName: i.firstName },
        inviteeId: i.id,
        invitationId,
      })),
    });
    await deliverQueuedEmails(t.db, mailConfig(t.config));
    const mails = await t.db
      .selectFrom('emailOutbox')
      .select(['sendId', 'headers'])
      .where('sendId', 'in', queued.sendIds)
      .execute();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const headers = mail.headers as Record<string, string>;
      expect(headers['List-Unsubscribe']).toMatch(
        /^<https:\/\/admin\.society\.example\/api\/public\/.*unsubscribe\?signature=[^>]+>$/,
      );
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    // The one-click POST the mailbox provider makes (RFC 8058) blocks the address for invitations.
    const target = new URL((mails[0]!.headers as Record<string, string>)['List-Unsubscribe']!.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: target.pathname + target.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, alreadyUnsubscribed: false });
  });
});
