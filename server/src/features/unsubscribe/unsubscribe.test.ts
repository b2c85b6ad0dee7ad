import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { suppressedAddresses } from '../../services/mail/suppression.js';
import { unsubscribeApiUrl, unsubscribeSignature, type UnsubscribeKind } from '../../services/mail/unsubscribe-link.js';

let t: TestApp;
let invitationId: number;
beforeAll(async () => {
  t = await createTestApp();
  const institution = await t.db
    .insertInto('institutions')
    .values({ name: 'Lakeside', abbreviation: 'LKS', type: 'College/University', ownership: 'Public', address: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chapter = await t.db
    .insertInto('chapters')
    .values({ name: 'Lakeside Chapter', abbreviation: 'LKC', institutionId: institution.id, address: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  ({ id: invitationId } = await t.db
    .insertInto('invitations')
    .values({
      chapterId: chapter.id,
      institutionId: institution.id,
      deadline: '2026-04-30',
      orientationDate: '2026-05-12',
    })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => t.close());

async function invitee(email: string) {
  const row = await t.db
    .insertInto('invitees')
    .values({ invitationId, firstName: 'Jo', lastName: 'Doe', email, mailingAddress: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function send(
  inviteeId: number,
  email: string,
  from: { source?: 'invitation_email' | 'invitation_tickler'; sourceId?: string } = {},
) {
  const row = await t.db
    .insertInto('emailSends')
    .values({
      source: from.source ?? 'invitation_email',
      sourceId: from.sourceId ?? '1',
      recipientKey: String(inviteeId),
      emailTo: email,
      emailType: 'Invitation',
      inviteeId,
      invitationId,
      tokenValues: '{}',
      status: 'sent',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const path = (ids: { emailId: number; inviteeId: number }, what: 'unsubscribe' | 'status') =>
  `/api/public/invitations/${invitationId}/email/${ids.emailId}/${ids.inviteeId}/${what}`;

async function signed(ids: { emailId: number; inviteeId: number; kind?: UnsubscribeKind }) {
  return unsubscribeSignature(t.db, { invitationId, ...ids });
}

const unsubFlags = (table: 'invitees' | 'emailSends', id: number) =>
  table === 'invitees'
    ? t.db
        .selectFrom('invitees')
        .select('emailUnsub as unsub')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => r.unsub)
    : t.db
        .selectFrom('emailSends')
        .select('unsub')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => r.unsub);

describe('public unsubscribe', () => {
  it('answers 403 JSON for a missing or wrong signature, and changes nothing', async () => {
    const inviteeId = await invitee('guard@example.edu');
    const ids = { emailId: 0, inviteeId };
    for (const query of [
      '',
      '?signature=',
      '?signature=abc',
      `?signature=${await signed({ emailId: 0, inviteeId: inviteeId + 1 })}`,
    ]) {
      const post = await t.request({ method: 'POST', url: path(ids, 'unsubscribe') + query });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({ message: 'This unsubscribe link is not valid' });
      expect((await t.request({ method: 'GET', url: path(ids, 'status') + query })).statusCode).toBe(403);
    }
    const row = await t.db
      .selectFrom('invitees')
      .select('emailUnsub')
      .where('id', '=', inviteeId)
      .executeTakeFirstOrThrow();
    expect(row.emailUnsub).toBe(false);
  });

  it('an older link naming the send takes effect at once: invitee flag, send flag and event, an automatic Invitation block; idempotent', async () => {
    const inviteeId = await invitee('Leaver@Example.edu');
    const emailId = await send(inviteeId, 'Leaver@Example.edu');
    const ids = { emailId, inviteeId };
    const signature = await signed(ids);
    const status = await t.request({ method: 'GET', url: `${path(ids, 'status')}?signature=${signature}` });
    expect(status.json()).toEqual({ success: true, alreadyUnsubscribed: false });

    const first = await t.request({
      method: 'POST',
      url: `${path(ids, 'unsubscribe')}?signature=${signature}`,
      headers: { 'user-agent': 'Test Browser' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, alreadyUnsubscribed: false });
    expect(
      (await t.db.selectFrom('invitees').select('emailUnsub').where('id', '=', inviteeId).executeTakeFirstOrThrow())
        .emailUnsub,
    ).toBe(true);
    expect(
      (await t.db.selectFrom('emailSends').select('unsub').where('id', '=', emailId).executeTakeFirstOrThrow()).unsub,
    ).toBe(true);
    const events = await t.db
      .selectFrom('emailEvents')
      .select(['name', 'userAgent'])
      .where('sendId', '=', emailId)
      .execute();
    expect(events).toEqual([{ name: 'unsub', userAgent: 'Test Browser' }]);
    const blocks = await t.db
      .selectFrom('blockedEmails')
      .select(['email', 'emailType', 'feedbackType'])
      .where('email', '=', 'leaver@example.edu')
      .execute();
    expect(blocks).toEqual([{ email: 'leaver@example.edu', emailType: 'Invitation', feedbackType: 'unsub' }]);
    expect([...(await suppressedAddresses(t.db, ['LEAVER@example.edu'], 'Invitation'))]).toEqual([
      'leaver@example.edu',
    ]);
    expect((await suppressedAddresses(t.db, ['leaver@example.edu'], 'Transactional')).size).toBe(0);

    const second = await t.request({ method: 'POST', url: `${path(ids, 'unsubscribe')}?signature=${signature}` });
    expect(second.json()).toEqual({ success: true, alreadyUnsubscribed: true });
    expect(await t.db.selectFrom('emailEvents').select('id').where('sendId', '=', emailId).execute()).toHaveLength(1);
    expect(
      await t.db.selectFrom('blockedEmails').select('id').where('email', '=', 'leaver@example.edu').execute(),
    ).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: `${path(ids, 'status')}?signature=${signature}` })).json()).toEqual({
      success: true,
      alreadyUnsubscribed: true,
    });
  });

  it('concurrent clicks agree: exactly one answers alreadyUnsubscribed false', async () => {
    const inviteeId = await invitee('racer@example.edu');
    const ids = { emailId: await send(inviteeId, 'racer@example.edu'), inviteeId };
    const signature = await signed(ids);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request({ method: 'POST', url: `${path(ids, 'unsubscribe')}?signature=${signature}` }),
      ),
    );
    expect(answers.map((a) => a.json().alreadyUnsubscribed).filter((v) => v === false)).toHaveLength(1);
    expect(await t.db.selectFrom('emailEvents').select('id').where('sendId', '=', ids.emailId).execute()).toHaveLength(
      1,
    );
  });

  it('accepts the RFC 8058 one-click POST from another origin (form body, no cookie) at the List-Unsubscribe URL', async () => {
    const inviteeId = await invitee('oneclick@example.edu');
    const ids = { invitationId, emailId: await send(inviteeId, 'oneclick@example.edu'), inviteeId };
    const url = new URL(await unsubscribeApiUrl(t.db, ids));
    const res = await t.request({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, alreadyUnsubscribed: false });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.request({
      method: 'OPTIONS',
      url: url.pathname,
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
  });

  it('accepts the one-click body as multipart/form-data too', async () => {
    const inviteeId = await invitee('multipart@example.edu');
    const ids = {
      emailId: await send(inviteeId, 'multipart@example.edu', { source: 'invitation_tickler' }),
      inviteeId,
      kind: 'tickler' as const,
    };
    const boundary = 'xyzBOUNDARY';
    const res = await t.request({
      method: 'POST',
      url: `${path(ids, 'unsubscribe')}?signature=${await signed(ids)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, alreadyUnsubscribed: false });
    expect(await unsubFlags('emailSends', ids.emailId)).toBe(true);
  });

  it('accepts a one-click POST with no content type or an empty body', async () => {
    for (const [email, headers, payload] of [
      ['bare@example.edu', {}, 'List-Unsubscribe=One-Click'],
      ['empty@example.edu', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
    ] as const) {
      const inviteeId = await invitee(email);
      const ids = { emailId: 9, inviteeId, kind: 'reminder' as const };
      const res = await t.request({
        method: 'POST',
        url: `${path(ids, 'unsubscribe')}?signature=${await signed(ids)}`,
        headers,
        payload,
      });
      expect(res.statusCode, email).toBe(200);
      expect(await unsubFlags('invitees', inviteeId), email).toBe(true);
    }
  });

  it("a test send's link (emailId 0) answers success and changes nothing: no flag, no block", async () => {
    const inviteeId = await invitee('tester@example.edu');
    const real = await send(inviteeId, 'tester@example.edu');
    const ids = { emailId: 0, inviteeId };
    const signature = await signed(ids);
    for (const what of ['unsubscribe', 'status'] as const) {
      const res = await t.request({
        method: what === 'status' ? 'GET' : 'POST',
        url: `${path(ids, what)}?signature=${signature}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, alreadyUnsubscribed: false });
    }
    expect(await unsubFlags('invitees', inviteeId)).toBe(false);
    expect(await unsubFlags('emailSends', real)).toBe(false);
    expect(
      await t.db.selectFrom('blockedEmails').select('id').where('email', '=', 'tester@example.edu').execute(),
    ).toEqual([]);
  });

  it("a reminder's link names the reminder: it marks the invitee's send of that reminder, never a send whose id is the reminder's", async () => {
    const inviteeId = await invitee('reminded@example.edu');
    const other = await invitee('bystander@example.edu');
    const bystanderSend = await send(other, 'bystander@example.edu', { sourceId: '3' });
    const reminderSend = await send(inviteeId, 'reminded@example.edu', { sourceId: String(bystanderSend) });
    const ids = { emailId: bystanderSend, inviteeId, kind: 'reminder' as const };
    // The link as the reminder email carries it.
    const url = new URL(await unsubscribeApiUrl(t.db, { invitationId, ...ids }));
    expect(url.pathname).toBe(path(ids, 'unsubscribe'));
    const res = await t.request({ method: 'POST', url: url.pathname + url.search });
    expect(res.json()).toEqual({ success: true, alreadyUnsubscribed: false });
    expect(await unsubFlags('emailSends', reminderSend)).toBe(true);
    expect(await unsubFlags('emailSends', bystanderSend)).toBe(false);
    expect(await t.db.selectFrom('emailEvents').select('name').where('sendId', '=', reminderSend).execute()).toEqual([
      { name: 'unsub' },
    ]);
    // The same ids signed as another kind of link are a different link.
    expect(
      (
        await t.request({
          method: 'POST',
          url: `${path(ids, 'unsubscribe')}?signature=${await signed({ ...ids, kind: 'tickler' })}`,
        })
      ).json(),
    ).toEqual({ success: true, alreadyUnsubscribed: true });
    expect(await unsubFlags('emailSends', bystanderSend)).toBe(false);
  });

  it("a tickler's link names its send in the send log", async () => {
    const inviteeId = await invitee('tickled@example.edu');
    const ticklerSend = await send(inviteeId, 'tickled@example.edu', {
      source: 'invitation_tickler',
      sourceId: String(invitationId),
    });
    const ids = { emailId: ticklerSend, inviteeId, kind: 'tickler' as const };
    const res = await t.request({ method: 'POST', url: `${path(ids, 'unsubscribe')}?signature=${await signed(ids)}` });
    expect(res.json()).toEqual({ success: true, alreadyUnsubscribed: false });
    expect(await unsubFlags('emailSends', ticklerSend)).toBe(true);
    expect(await unsubFlags('invitees', inviteeId)).toBe(true);
  });

  it('keeps form bodies and cross-site posts refused on admin calls', async () => {
    const form = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.c&password=x',
    });
    expect(form.statusCode).toBe(415);
    const cross = await t.request({
      method: 'POST',
      url: '/api/admin/institutions',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 404 for a signed link whose invitee is gone', async () => {
    const ids = { emailId: 5, inviteeId: 987654 };
    const res = await t.request({ method: 'GET', url: `${path(ids, 'status')}?signature=${await signed(ids)}` });
    expect(res.statusCode).toBe(404);
  });
});
