import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { blockAddress } from '../../services/mail/suppression.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const url = '/api/admin/tech/emails-feedback';
const create = (payload: object) => t.request({ method: 'POST', url, payload, cookie });
const update = (id: number, payload: object) => t.request({ method: 'PUT', url: `${url}/${id}`, payload, cookie });

describe('blocked emails', () => {
  it('adds an address trimmed and lower-cased, as a manual block by the signed-in admin, and lists and finds it', async () => {
    const res = await create({
      email: '  Someone@Example.TEST ',
      emailType: 'Transactional',
      reason: 'Asked by phone',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'someone@example.test',
      emailType: 'Transactional',
      reason: 'Asked by phone',
      feedbackType: 'manual',
      updatedBy: 'Ada Tester',
    });
    const list = await t.request({ method: 'GET', url: `${url}?search=SOMEONE`, cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: any) => i.email)).toEqual(['someone@example.test']);
    expect(list.json().pagination.totalItems).toBe(1);
    const byReason = await t.request({ method: 'GET', url: `${url}?search=phone&emailType=Transactional`, cookie });
    expect(byReason.json().items).toHaveLength(1);
    expect(
      (await t.request({ method: 'GET', url: `${url}?emailType=Invitation&search=someone`, cookie })).json().items,
    ).toHaveLength(0);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: undefined }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Email is not valid'],
    [{ emailType: undefined }, 'Email Type is required'],
    [{ emailType: 'Newsletter' }, 'Email Type is required'],
    [{ reason: 'x'.repeat(501) }, 'Reason must be 500 characters or less'],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await create({ email: 'x@example.test', emailType: 'All', reason: 'r', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([['  '], [null], [undefined]])(
    'takes a block without a reason (%o): spec 03 requires only email and email type',
    async (reason) => {
      const res = await create({
        email: `no-reason-${String(reason).trim() || 'blank'}@example.test`,
        emailType: 'All',
        reason,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ emailType: 'All', reason: '' });
    },
  );

  it('answers 409 for an address already blocked for that type, and allows another type', async () => {
    await create({ email: 'twice@example.test', emailType: 'Invitation', reason: 'first' });
    const again = await create({ email: 'TWICE@example.test', emailType: 'Invitation', reason: 'second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('twice@example.test is already blocked for Invitation emails');
    expect((await create({ email: 'twice@example.test', emailType: 'All', reason: 'wider' })).statusCode).toBe(201);
  });

  it('two simultaneous adds of one address and type: one is added, the other answers 409', async () => {
    const answers = await Promise.all(
      [1, 2].map((i) => create({ email: 'race@example.test', emailType: 'All', reason: `try ${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('edits a manual block freely', async () => {
    const { id } = (await create({ email: 'edit@example.test', emailType: 'Invitation', reason: 'typo' })).json();
    const res = await update(id, { email: 'edited@example.test', emailType: 'Transactional', reason: 'fixed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      email: 'edited@example.test',
      emailType: 'Transactional',
      reason: 'fixed',
      feedbackType: 'manual',
    });
  });

  it('an automatic block keeps its address and type: only widening to All and the reason can change', async () => {
    const row = await blockAddress(t.db, {
      email: 'unsub@example.test',
      emailType: 'Invitation',
      reason: 'Unsubscribed from invitation 1',
      feedbackType: 'unsub',
    });
    const narrow = await update(row.id, { email: 'unsub@example.test', emailType: 'Transactional', reason: 'oops' });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().message).toBe(
      'This address was blocked automatically (Unsubscribed); its type can only be widened to All',
    );
    const moved = await update(row.id, { email: 'other@example.test', emailType: 'Invitation', reason: 'oops' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toMatch(/its email cannot be changed/);
    const widened = await update(row.id, {
      email: 'unsub@example.test',
      emailType: 'All',
      reason: 'Complained by phone too',
    });
    expect(widened.statusCode).toBe(200);
    expect(widened.json()).toMatchObject({
      emailType: 'All',
      feedbackType: 'unsub',
      reason: 'Complained by phone too',
    });
    // An import (a manual block of the same address and type) does not turn it into a manual one.
    await blockAddress(t.db, {
      email: 'unsub@example.test',
      emailType: 'All',
      reason: 'import',
      feedbackType: 'manual',
    });
    expect((await t.request({ method: 'GET', url: `${url}/${row.id}`, cookie })).json()).toMatchObject({
      feedbackType: 'unsub',
      reason: 'Complained by phone too',
    });
  });

  it('answers 404 for a missing row and is closed to members', async () => {
    expect((await update(999999, { email: 'a@example.test', emailType: 'All', reason: 'r' })).statusCode).toBe(404);
    const member = await t.signIn({ admin: false });
    expect((await t.request({ method: 'GET', url, cookie: member })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await t.request({ method: 'GET', url: `${url}/export?search=twice`, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.split('\n')[0]).toMatch(/^\uFEFF?id,email,emailType,reason,feedbackType,updatedAt/);
    expect(res.body).toContain('twice@example.test');
  });
});
