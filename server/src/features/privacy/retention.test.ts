import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';
import { localStorage } from '../../plugins/storage.js';
import { runRetention } from '../../services/privacy/retention.js';
import { forgetRoles } from '../../services/auth/role-table.js';

/*
 * Issue 36 retention: over an invitation past INVITEE_RETENTION_DAYS, exactly the invitees who never pledged are
 * anonymised with their sends and events; a recent invitation is untouched; old postal files leave storage
 * (their rows and counts stay); old sends of anyone are anonymised; every figure is unchanged; a second run
 * changes nothing.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const storage = () => localStorage(path.join(t.config.DATA_DIR, 'files'));

async function sendsFor(invitationId: number, inviteeIds: number[]) {
  const rows = await t.db
    .selectFrom('invitees')
    .select(['id', 'email', 'firstName', 'lastName'])
    .where('id', 'in', inviteeIds)
    .execute();
  const sends = await t.db
    .insertInto('emailSends')
    .values(
      rows.map((r) => ({
        source: 'invitation_email' as const,
        sourceId: String(invitationId),
        recipientKey: String(r.id),
        emailTo: r.email,
        emailType: 'Invitation' as const,
        inviteeId: r.id,
        invitationId,
        tokenValues: JSON.stringify({ firstName: r.firstName }),
        subject: `${r.firstName}, you are invited`,
        status: 'sent' as const,
        sent: true,
        delivered: true,
        opened: r.id % 2 === 0,
      })),
    )
    .returning('id')
    .execute();
  await t.db
    .updateTable('invitees')
    .set({ emailSent: true, emailDelivered: true })
    .where('id', 'in', inviteeIds)
    .execute();
  await t.db
    .insertInto('emailEvents')
    .values(sends.map((s) => ({ sendId: s.id, name: 'delivered' as const, ipAddress: '10.1.2.3', userAgent: 'Mail' })))
    .execute();
}

async function figures() {
  const [invitations, eventCounts, sendCounts] = await Promise.all([
    sql`select * from invitations order by id`.execute(t.db),
    sql`select * from invitation_event_counts order by 1, 2`.execute(t.db),
    sql`select * from email_send_counts order by 1, 2, 3`.execute(t.db),
  ]);
  return [invitations.rows, eventCounts.rows, sendCounts.rows];
}

describe('privacy retention', () => {
  it('anonymises exactly the never-pledged invitees of an invitation past its period; figures unchanged', async () => {
    const old = await seedJoinInvitation(t.db, {
      deadlineDays: -600,
      invitees: [
        { code: 'RET-OLD001', email: 'pledged.old@students.example', firstName: 'Paula' },
        { code: 'RET-OLD002', email: 'never.one@students.example', firstName: 'Nora' },
        { code: 'RET-OLD003', email: 'never.two@students.example', firstName: 'Ned' },
      ],
    });
    const recent = await seedJoinInvitation(t.db, {
      deadlineDays: 30,
      invitees: [{ code: 'RET-NEW001', email: 'recent@students.example', firstName: 'Rita' }],
    });
    const [pledged, ...never] = old.inviteeIds as [number, ...number[]];
    await t.db
      .updateTable('invitees')
      .set({ legacyPledgeAt: new Date(), phoneNumber: '555-0101' })
      .where('id', '=', pledged)
      .execute();
    await t.db
      .updateTable('invitees')
      .set({ phoneNumber: '555-0102', major: 'History' })
      .where('id', 'in', never)
      .execute();
    await sendsFor(old.invitationId, old.inviteeIds);
    await sendsFor(recent.invitationId, recent.inviteeIds);

    // A postal mailing of the old invitation with its two files in storage, made long ago.
    const s = storage();
    const fileIds: number[] = [];
    for (const name of ['letters.zip', 'recipients.csv']) {
      const key = `invitations/postal-mails/${name}`;
      await s.put(key, Buffer.from(`${name} of Nora`), 'application/octet-stream');
      const { id } = await t.db
        .insertInto('files')
        .values({
          storageKey: key,
          folder: 'invitations/postal-mails',
          fileName: name,
          contentType: 'text/plain',
          sizeInBytes: 10,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      fileIds.push(id);
    }
    const mail = await t.db
      .insertInto('postalMails')
      .values({
        invitationId: old.invitationId,
        uploadScheduledAt: new Date(),
        uploadStatus: 'Success',
        uploadCount: 2,
        fileId: fileIds[0]!,
        uploadCsvId: fileIds[1]!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update postal_mails set created_at = now() - interval '600 days' where id = ${mail.id}`.execute(t.db);
    // A welcome email sent to an account long ago: the send log's own period.
    await t.db
      .insertInto('emailSends')
      .values({
        source: 'welcome_email',
        sourceId: '1',
        recipientKey: 'old.member@students.example',
        emailTo: 'old.member@students.example',
        emailType: 'Transactional',
        tokenValues: JSON.stringify({ firstName: 'Olga' }),
        status: 'sent',
        sent: true,
        queuedAt: new Date(Date.now() - 800 * 86_400_000),
      })
      .execute();

    const before = await figures();
    const outcome = await runRetention(t.db, s, { inviteeDays: 540, sendLogDays: 730, batchSize: 1 });
    expect(outcome).toEqual({ invitations: 1, invitees: 2, sends: 3, postalFiles: 2 });
    expect(await figures()).toEqual(before);

    const rows = await t.db
      .selectFrom('invitees')
      .selectAll()
      .where('invitationId', 'in', [old.invitationId, recent.invitationId])
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(pledged)).toMatchObject({ email: 'pledged.old@students.example', phoneNumber: '555-0101' });
    for (const id of never)
      expect(byId.get(id)).toMatchObject({
        firstName: 'Erased',
        lastName: 'Person',
        email: `erased-invitee-${id}@erased.invalid`,
        phoneNumber: null,
        major: null,
        invitationCode: expect.stringMatching(/^RET-OLD/),
        emailDelivered: true,
      });
    expect(byId.get(recent.inviteeIds[0]!)).toMatchObject({ email: 'recent@students.example' });
    const sends = await t.db
      .selectFrom('emailSends')
      .select(['inviteeId', 'emailTo', 'tokenValues', 'subject'])
      .execute();
    const text = JSON.stringify(sends);
    for (const gone of ['never.one', 'never.two', 'Nora', 'Ned', 'old.member', 'Olga'])
      expect(text).not.toContain(gone);
    for (const kept of ['pledged.old@students.example', 'recent@students.example']) expect(text).toContain(kept);
    const events = await sql<{
      n: number;
    }>`select count(*)::int as n from email_events where ip_address is null`.execute(t.db);
    expect(events.rows[0]!.n).toBe(2);

    // The files left storage; the mailing's row keeps its counts.
    expect(await s.get('invitations/postal-mails/letters.zip')).toBeNull();
    expect(
      await t.db.selectFrom('postalMails').selectAll().where('id', '=', mail.id).executeTakeFirstOrThrow(),
    ).toMatchObject({
      uploadCount: 2,
      fileId: null,
      uploadCsvId: null,
    });
    expect(await t.db.selectFrom('privacyRetention').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      invitationId: old.invitationId,
      invitees: 2,
      sends: 2,
    });

    // The invitation says what was anonymised and when; a recent one, nothing yet.
    const said = await t.request({
      method: 'GET',
      url: `/api/admin/tech/privacy/retention/${old.invitationId}`,
      cookie,
    });
    expect(said.statusCode, said.body).toBe(200);
    expect(said.json()).toMatchObject({
      invitationId: old.invitationId,
      invitees: 2,
      sends: 2,
      anonymisedAt: expect.any(String),
    });
    const none = await t.request({
      method: 'GET',
      url: `/api/admin/tech/privacy/retention/${recent.invitationId}`,
      cookie,
    });
    expect(none.json()).toEqual({ invitationId: recent.invitationId, anonymisedAt: null, invitees: 0, sends: 0 });
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/tech/privacy/retention/999999', cookie })).statusCode,
    ).toBe(404);

    // A chapter-scoped caller who may read it sees its own chapters' invitations only; another's is not found.
    await t.db
      .insertInto('roles')
      .values({ name: 'ROLE_T_PRIVACY_SCOPED', permissions: ['privacy:read'], chapterScoped: true })
      .execute();
    forgetRoles();
    const scoped = await t.signIn({ email: 'scoped-privacy@example.test', roles: ['ROLE_T_PRIVACY_SCOPED'] });
    const { chapterId } = await t.db
      .selectFrom('invitations')
      .select('chapterId')
      .where('id', '=', old.invitationId)
      .executeTakeFirstOrThrow();
    const reach = (chapterIds: number[]) =>
      t.db.updateTable('accounts').set({ chapterIds }).where('email', '=', 'scoped-privacy@example.test').execute();
    const asScoped = () =>
      t.request({ method: 'GET', url: `/api/admin/tech/privacy/retention/${old.invitationId}`, cookie: scoped });
    await reach([chapterId]);
    expect((await asScoped()).statusCode).toBe(200);
    await reach([chapterId + 100_000]);
    expect((await asScoped()).statusCode).toBe(404);

    // A second night finds nothing more to do.
    expect(await runRetention(t.db, s, { inviteeDays: 540, sendLogDays: 730 })).toEqual({
      invitations: 0,
      invitees: 0,
      sends: 0,
      postalFiles: 0,
    });
  });
});
