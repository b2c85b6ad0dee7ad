import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from '../../test/helper.js';
import { makeInvitees } from '../../test/mail-fixtures.js';
import { guardTestApp, type GuardApp } from '../../test/guard-fixtures.js';
import { applyProviderEvents } from '../mail/webhook-events.js';

/* Issue 37 §3: the bounce and complaint rules per kind, applied once per event, and edited (audited). */

let t: TestApp;
let cookie: string;
let staffId: number;
let fx: GuardApp['fx'];

guardTestApp((app) => ({ t, cookie, staffId, fx } = app));

describe('rules per kind (defaults: hard x1 block, soft x3 in 30 days block, complaint x1 block and unsubscribe)', () => {
  it('blocks at a hard bounce, once per event however often it is delivered', async () => {
    const [a] = await fx.sentSends(1);
    const twice = [fx.event(a!, 'bounced_hard', 'hb-1'), fx.event(a!, 'bounced_hard', 'hb-1')];
    expect(await applyProviderEvents(t.db, twice)).toMatchObject({ applied: 1 });
    expect(await fx.blocked(a!)).toEqual([{ emailType: 'All', reason: 'Hard bounce', feedbackType: 'bounced_hard' }]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from email_guard_hits where kind = 'bounced_hard'`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('blocks at the third soft bounce within 30 days, not at the second, and not counting one older than 30 days', async () => {
    const ids = await fx.sentSends(4, { domain: 'soft.example' });
    const same = ids.map(() => ids[0]!); // four events of one address (one send)
    const old = new Date(Date.now() - 40 * 86_400_000);
    await applyProviderEvents(t.db, [fx.event(same[0]!, 'bounced_soft', 'sb-old', old)]);
    await applyProviderEvents(t.db, [
      fx.event(same[1]!, 'bounced_soft', 'sb-1'),
      fx.event(same[2]!, 'bounced_soft', 'sb-2'),
    ]);
    expect(await fx.blocked(ids[0]!)).toEqual([]);
    await applyProviderEvents(t.db, [fx.event(same[3]!, 'bounced_soft', 'sb-3')]);
    expect(await fx.blocked(ids[0]!)).toEqual([
      { emailType: 'All', reason: 'Soft bounce x3 within 30 days', feedbackType: 'bounced_hard' },
    ]);
  });

  it('blocks and unsubscribes at a complaint', async () => {
    const { invitationId, invitees } = await makeInvitees(t.db, 1, 'complains.example');
    const [send] = await t.db
      .insertInto('emailSends')
      .values({
        source: 'invitation_email',
        sourceId: 'complaint',
        recipientKey: 'c',
        emailTo: invitees[0]!.email,
        emailType: 'Invitation',
        invitationId,
        inviteeId: invitees[0]!.id,
        tokenValues: '{}',
        status: 'sent',
      })
      .returning('id')
      .execute();
    await applyProviderEvents(t.db, [fx.event(send!.id, 'spam')]);
    expect(await fx.blocked(send!.id)).toEqual(
      expect.arrayContaining([{ emailType: 'All', reason: 'Spam complaint', feedbackType: 'spam' }]),
    );
    const flags = await t.db
      .selectFrom('emailSends')
      .select(['spam', 'unsub'])
      .where('id', '=', send!.id)
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ spam: true, unsub: true });
    const invitee = await t.db
      .selectFrom('invitees')
      .select('emailUnsub')
      .where('id', '=', invitees[0]!.id)
      .executeTakeFirstOrThrow();
    expect(invitee.emailUnsub).toBe(true);
  });

  it('follows edited rules (PUT, audited): a hard bounce blocks only at the second, a complaint does nothing', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: '/api/admin/logistics/deliverability/guards/rules',
      cookie,
      payload: { rules: [{ kind: 'spam', times: 0, withinDays: null, action: 'block' }] },
    });
    expect(bad.statusCode).toBe(400);
    const rules = [
      { kind: 'bounced_hard', times: 2, withinDays: null, action: 'block' },
      { kind: 'bounced_soft', times: 3, withinDays: 30, action: 'block' },
      { kind: 'spam', times: 1, withinDays: null, action: 'none' },
    ];
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/logistics/deliverability/guards/rules',
      cookie,
      payload: { rules },
    });
    expect(res.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'accountId'])
      .where('entity', '=', 'email_guard_rules')
      .execute();
    expect(audit).toEqual([
      { action: 'update', accountId: staffId },
      { action: 'update', accountId: staffId },
    ]);
    const [a, b] = await fx.sentSends(2, { domain: 'edited.example' });
    await applyProviderEvents(t.db, [fx.event(a!, 'bounced_hard', 'e-hb-1'), fx.event(b!, 'spam', 'e-sp-1')]);
    expect(await fx.blocked(a!)).toEqual([]);
    expect(await fx.blocked(b!)).toEqual([]);
    await applyProviderEvents(t.db, [fx.event(a!, 'bounced_hard', 'e-hb-2')]);
    expect(await fx.blocked(a!)).toEqual([
      { emailType: 'All', reason: 'Hard bounce x2', feedbackType: 'bounced_hard' },
    ]);
    const defaults = rules.map((r) =>
      r.kind === 'bounced_hard' ? { ...r, times: 1 } : r.kind === 'spam' ? { ...r, action: 'block_unsubscribe' } : r,
    );
    await t.request({
      method: 'PUT',
      url: '/api/admin/logistics/deliverability/guards/rules',
      cookie,
      payload: { rules: defaults },
    });
  });
});
