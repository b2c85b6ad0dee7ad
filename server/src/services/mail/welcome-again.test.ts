import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { welcomeConfirmText, welcomeLastSentText, type WelcomeEmailState } from '@app/contract';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { makeTemplateVersion } from '../../test/mail-fixtures.js';
import { sendWelcomeEmail } from './welcome.js';

// Issue 38 §6: Send Welcome Email after the automatic one. The dialog says when the last one went; confirming
// sends it again (a separate, audited send); the automatic one stays exactly once.

let q: QueuedApp;
beforeAll(async () => {
  q = await createQueuedApp();
  await makeTemplateVersion(q.t.db, {
    name: 'Welcome',
    templateType: 'WelcomeEmail',
    subject: 'Welcome, {{firstName}}',
  });
});
afterAll(() => q.close());

const url = (id: number, after?: number) =>
  `/api/admin/accounts/legacy/${id}/send-welcome-email${after ? `?afterSendId=${after}` : ''}`;
const send = (id: number, after?: number) => q.request({ method: 'POST', url: url(id, after) });
const lastSent = async (id: number): Promise<WelcomeEmailState['lastSent']> => {
  const res = await q.request({ method: 'GET', url: `/api/admin/accounts/legacy/${id}/welcome-email` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lastSent;
};
const welcomeSends = (id: number) =>
  q.t.db
    .selectFrom('emailSends')
    .select(['id', 'source', 'recipientKey', 'emailTo'])
    .where('accountId', '=', id)
    .orderBy('id')
    .execute();

describe('Send Welcome Email after the automatic one', () => {
  it('the dialog names the last send; confirming sends it again, once, audited; the automatic one stays once', async () => {
    const email = 'jo.rivera@example.edu';
    const { id } = await q.t.db
      .insertInto('accounts')
      .values({ firstName: 'Jo', lastName: 'Rivera', email, address: '{}', pledgedAt: new Date('2026-03-01') })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The automatic welcome: staff record the payment.
    const paid = await q.request({
      method: 'POST',
      url: `/api/admin/accounts/legacy/${id}/payment`,
      payload: { amountCents: 9500, method: 'check', externalId: 'welcome-again-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [automatic] = await welcomeSends(id);
    expect(automatic).toMatchObject({ source: 'welcome_email', recipientKey: email });

    // Without the confirm's send id it is the double click it always was.
    const plain = await send(id);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toBe('Welcome Email already sent');

    // What the dialog says: spec 01's question, then when the last one went.
    await vi.waitFor(async () => expect((await lastSent(id))?.status).toBe('sent'), { timeout: 20_000, interval: 200 });
    const last = (await lastSent(id))!;
    expect(last).toMatchObject({ sendId: automatic!.id, to: email, templateType: 'WelcomeEmail' });
    const member = (await q.request({ method: 'GET', url: `/api/admin/accounts/legacy/${id}` })).json();
    expect(welcomeConfirmText(member)).toBe('Send the welcome email to Jo Rivera (jo.rivera@example.edu)?');
    expect(welcomeLastSentText(last, (at) => at)).toBe(`Last sent ${last.at} to ${email}.`);
    expect(welcomeLastSentText(null, (at) => at)).toBe('No welcome email has been sent yet.');

    // Confirming sends it again: a double click (two at once) sends one.
    const confirmed = await Promise.all([send(id, last.sendId), send(id, last.sendId)]);
    expect(confirmed.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = confirmed.find((r) => r.statusCode === 200)!.json();
    expect(again).toMatchObject({ templateType: 'WelcomeEmail' });
    expect(confirmed.find((r) => r.statusCode === 409)!.json().message).toBe('Welcome Email already sent');
    const sends = await welcomeSends(id);
    expect(sends).toHaveLength(2);
    expect(sends[1]).toMatchObject({ id: again.sendId, source: 'welcome_email', emailTo: email });
    expect((await lastSent(id))?.sendId).toBe(again.sendId);

    // The request is audited, naming the send and the one it followed.
    const audit = await q.t.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'entityId', 'detail', 'accountId'])
      .where('action', '=', 'welcome-email-resent')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        entity: 'accounts',
        entityId: String(id),
        detail: expect.objectContaining({ sendId: again.sendId, afterSendId: automatic!.id, to: email }),
      }),
    ]);
    expect(audit[0]!.accountId).not.toBeNull();

    // A dialog opened before that send is stale: nothing more goes.
    const stale = await send(id, last.sendId);
    expect(stale.statusCode).toBe(409);
    // The automatic send stays exactly once: a payment's welcome again is refused, nothing written.
    await expect(sendWelcomeEmail(q.t.db, q.app.jobs, id)).rejects.toMatchObject({ status: 409 });
    expect((await welcomeSends(id)).filter((s) => s.recipientKey === email)).toHaveLength(1);
    expect(await welcomeSends(id)).toHaveLength(2);
  });

  it('says when none went yet, and refuses another chapter or no such member with 404', async () => {
    const { id } = await q.t.db
      .insertInto('accounts')
      .values({
        firstName: 'Noor',
        lastName: 'Haddad',
        email: 'noor@example.edu',
        address: '{}',
        pledgedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await lastSent(id)).toBeNull();
    expect(
      (await q.request({ method: 'GET', url: '/api/admin/accounts/legacy/999999/welcome-email' })).statusCode,
    ).toBe(404);
    const bad = await q.request({ method: 'POST', url: `${url(id)}?afterSendId=abc` });
    expect(bad.statusCode).toBe(400);
  });
});
