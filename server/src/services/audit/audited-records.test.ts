import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';

/*
 * Finding 4 of the security review (issue 34): a staff member's payments and pledges are in the audit trail
 * with what matters (amount, method, reference), and every row names its record by the id the API and the
 * screens use (a calendar event by its uuid, also once it is deleted).
 */

let t: TestApp;
let cookie: string;
let staffId: number;

beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
  staffId = (await t.request({ method: 'GET', url: '/api/public/account', cookie })).json().id;
});
afterAll(() => t.close());

const rowsOf = (entity: string, entityId: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['accountId', 'action', 'entityId', 'changes', 'detail'])
    .where('entity', '=', entity)
    .where('entityId', '=', entityId)
    .orderBy('id')
    .execute();

describe('audited records', () => {
  it("a staff member's pledge for an invitee and the payment they record are audited as theirs, with amount, method and reference", async () => {
    const {
      invitationId,
      inviteeIds: [inviteeId],
    } = await seedJoinInvitation(t.db, { invitees: [{ code: 'AU-PLEDGE1', email: 'pledger@example.edu' }] });
    const pledge = await t.request({
      method: 'POST',
      url: `/api/admin/logistics/invitees/${inviteeId}/pledge`,
      payload: { externalId: 'crm-77' },
      cookie,
    });
    expect(pledge.statusCode, pledge.body).toBeLessThan(300);
    const [pledged] = await rowsOf('invitees', String(inviteeId));
    expect(pledged).toMatchObject({
      accountId: staffId,
      action: 'pledge',
      changes: { pledgeExternalId: { old: null, new: 'crm-77' }, accountId: { old: null } },
      detail: { invitationId },
    });

    const paid = await t.request({
      method: 'POST',
      url: `/api/admin/logistics/invitees/${inviteeId}/payment`,
      payload: { amountCents: 4500, method: 'check', reference: 'CHK-1001', externalId: 'crm-pay-77' },
      cookie,
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const payment = await t.db
      .selectFrom('payments')
      .select(['id', 'accountId'])
      .where('inviteeId', '=', inviteeId!)
      .executeTakeFirstOrThrow();
    expect(await rowsOf('payments', String(payment.id))).toEqual([
      expect.objectContaining({
        accountId: staffId,
        action: 'create',
        detail: expect.objectContaining({
          amountCents: 4500,
          method: 'check',
          reference: 'CHK-1001',
          currency: 'usd',
          accountId: payment.accountId,
          inviteeId,
        }),
      }),
    ]);
  });

  it('a calendar event is named by its uuid on create, update and delete, so a deleted event is found by the id staff saw', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/calendar-events',
      payload: {
        name: 'Audit Summit',
        eventStart: '2031-05-01T15:00:00.000Z',
        type: 'General',
        location: 'Main Hall',
        zoom: false,
      },
      cookie,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json();
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/admin/calendar-events/${uuid}`,
      payload: { name: 'Audit Summit II' },
      cookie,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const del = await t.request({ method: 'DELETE', url: `/api/admin/calendar-events/${uuid}`, cookie });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const rows = await rowsOf('calendar_events', uuid);
    expect(rows.map((r) => [r.action, r.accountId])).toEqual([
      ['create', staffId],
      ['update', staffId],
      ['delete', staffId],
    ]);
    // The audit log's own filter finds it by that id.
    const listed = await t.request({
      method: 'GET',
      url: `/api/admin/tech/audit-log?entity=calendar_events&entityId=${uuid}`,
      cookie,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items).toHaveLength(3);
  });
});
