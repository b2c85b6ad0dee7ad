import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_EMAIL, DUPLICATE_INVITATION_CODE } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { SELF_DEACTIVATE, SELF_UNADMIN } from './routes.js';

let t: TestApp;
let cookie: string;
let me: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn({ email: 'staff@example.test' });
  me = (
    await t.db.selectFrom('accounts').select('id').where('email', '=', 'staff@example.test').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const valid = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.test',
  password: 'correct horse',
  phone: '(202) 555-0123',
  address: { street1: '1 Navy Yard', city: 'Washington', state: 'DC', postalCode: '20001', country: 'US' },
};

let n = 0;
const unique = (body: Record<string, unknown> = {}) => ({ ...valid, email: `person${++n}@example.test`, ...body });
const create = (body: object, as = cookie) =>
  t.request({ method: 'POST', url: '/api/admin/accounts', payload: body, cookie: as });
const update = (id: number, body: object) =>
  t.request({ method: 'PUT', url: `/api/admin/accounts/${id}`, payload: body, cookie });
const get = (url: string, as = cookie) => t.request({ method: 'GET', url, cookie: as });
const signInAs = async (email: string, password: string) => {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
};
const isSignedIn = async (session: string) => (await get('/api/public/account', session)).statusCode === 200;

describe('accounts: create, read, update', () => {
  it('creates an account with a hashed password, a normalised phone and ROLE_USER', async () => {
    const res = await create(valid);
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      fullName: 'Grace Hopper',
      email: 'grace@example.test',
      phone: '+12025550123',
      admin: false,
      active: true,
      roles: ['ROLE_USER'],
      invitationCode: null,
      legacyId: null,
      address: { ...valid.address, street2: null },
      memberAt: null,
      pledgedAt: null,
      schoolName: null,
    });
    expect(account).not.toHaveProperty('password');
    expect(account).not.toHaveProperty('passwordHash');
    await signInAs('grace@example.test', 'correct horse');
    const got = await get(`/api/admin/accounts/${account.id}`);
    expect(got.json()).toEqual(account);
  });

  it('takes roles and chapters as given (admin alone adds no role) and keeps them when left out', async () => {
    const bare = (await create(unique({ admin: true }))).json();
    expect(bare).toMatchObject({ admin: true, roles: ['ROLE_USER'], chapterIds: [] });
    const { id, roles } = (await create(unique({ admin: true, roles: ['ROLE_USER', 'ROLE_AUDITOR'] }))).json();
    expect(roles).toEqual(['ROLE_USER', 'ROLE_AUDITOR']);
    const { password: _p, ...body } = unique();
    const off = await update(id, { ...body, admin: false });
    expect(off.json()).toMatchObject({ admin: false, roles: ['ROLE_USER', 'ROLE_AUDITOR'] });
    const on = await update(id, { ...body, admin: true, roles: ['ROLE_USER', 'ROLE_CONTENT'], chapterIds: [7] });
    expect(on.json()).toMatchObject({ admin: true, roles: ['ROLE_USER', 'ROLE_CONTENT'], chapterIds: [7] });
    const unknown = await update(id, { ...body, admin: true, roles: ['ROLE_NOPE'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown role: ROLE_NOPE');
  });

  it('updates without touching the password, and can deactivate another account', async () => {
    const body = unique({ password: 'first password' });
    const { id } = (await create(body)).json();
    const res = await update(id, { ...body, firstName: 'Amazing', active: false, password: 'ignored!!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Amazing', fullName: 'Amazing Hopper', active: false });
    await update(id, { ...body, active: true });
    await signInAs(body.email as string, 'first password');
  });

  it('accepts an empty phone and a Canadian or international number', async () => {
    expect((await create(unique({ phone: '' }))).json().phone).toBeNull();
    expect((await create(unique({ phone: null }))).json().phone).toBeNull();
    expect((await create(unique({ phone: '+44 20 7946 0958' }))).json().phone).toBe('+442079460958');
  });

  it.each([
    [{ firstName: '' }, 'First Name is required'],
    [{ firstName: '   ' }, 'First Name is required'],
    [{ firstName: undefined }, 'First Name is required'],
    [{ lastName: '' }, 'Last Name is required'],
    [{ lastName: null }, 'Last Name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: undefined }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Invalid email'],
    [{ phone: 'call me' }, 'Invalid phone number'],
    [{ phone: '555-12' }, 'Invalid phone number'],
    [{ phone: '(000) 000-0000' }, 'Invalid phone number'],
    [{ password: undefined }, 'Password is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'short' }, 'Password should be at least 8 chars'],
    [{ admin: 'yes' }, 'Admin must be true or false'],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await create(unique(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 409 for a duplicate email (any case) or invitation code', async () => {
    await create(unique({ email: 'Taken@Example.test', invitationCode: 'ABC-1' }));
    const dupEmail = await create(unique({ email: 'taken@example.TEST' }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json()).toEqual({ message: DUPLICATE_EMAIL });
    const dupCode = await create(unique({ invitationCode: 'ABC-1' }));
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json()).toEqual({ message: DUPLICATE_INVITATION_CODE });
    const other = (await create(unique())).json();
    const { password: _p, ...body } = unique({ email: 'taken@example.test' });
    expect((await update(other.id, body)).json()).toEqual({ message: DUPLICATE_EMAIL });
  });

  it('refuses to let an admin deactivate or un-admin themselves', async () => {
    const self = { firstName: 'Ada', lastName: 'Tester', email: 'staff@example.test', admin: true, active: true };
    const off = await update(me, { ...self, active: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(SELF_DEACTIVATE);
    const unadmin = await update(me, { ...self, admin: false });
    expect(unadmin.statusCode).toBe(400);
    expect(unadmin.json().message).toBe(SELF_UNADMIN);
    expect((await update(me, { ...self, firstName: 'Adaline' })).statusCode).toBe(200);
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('answers 404 for a missing account, 400 for a bad id, 403 for non-staff', async () => {
    expect((await get('/api/admin/accounts/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/accounts/999999')).json().message).toBe('Account not found');
    expect((await get('/api/admin/accounts/abc')).statusCode).toBe(400);
    const { password: _p, ...body } = unique();
    expect((await update(999999, body)).statusCode).toBe(404);
    const member = await t.signIn({ admin: false });
    expect((await get('/api/admin/accounts', member)).statusCode).toBe(403);
    expect((await create(unique(), member)).statusCode).toBe(403);
  });
});

describe('accounts: reset password', () => {
  const reset = (id: number, payload: object, as = cookie) =>
    t.request({ method: 'PUT', url: `/api/admin/accounts/${id}/reset-password`, payload, cookie: as });

  it.each([
    [{}, 'New Password is required', 'newPassword'],
    [{ newPassword: '', confirmPassword: '' }, 'New Password is required', 'newPassword'],
    [{ newPassword: 'short', confirmPassword: 'short' }, 'New password should be at least 8 chars', 'newPassword'],
    [{ newPassword: 'long enough' }, 'Confirm Password is required', 'confirmPassword'],
    [{ newPassword: 'long enough', confirmPassword: '' }, 'Confirm Password is required', 'confirmPassword'],
    [{ newPassword: 'long enough', confirmPassword: 'long enougH' }, "Passwords don't match", 'confirmPassword'],
  ])('refuses %o with its message on its field', async (payload, message, field) => {
    const res = await reset(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0].path).toEqual(['body', field]);
  });

  it("sets the password and ends all of that account's sessions", async () => {
    const body = unique({ password: 'old password' });
    const { id } = (await create(body)).json();
    const s1 = await signInAs(body.email as string, 'old password');
    const s2 = await signInAs(body.email as string, 'old password');
    const res = await reset(id, { newPassword: 'new password', confirmPassword: 'new password' });
    expect(res.statusCode).toBe(204);
    expect(await isSignedIn(s1)).toBe(false);
    expect(await isSignedIn(s2)).toBe(false);
    const old = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: 'old password' },
    });
    expect(old.statusCode).toBe(401);
    await signInAs(body.email as string, 'new password');
  });

  it("keeps the caller's own session when resetting their own password, ending the others", async () => {
    const body = unique({ password: 'mine mine', admin: true, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    await create(body);
    const current = await signInAs(body.email as string, 'mine mine');
    const elsewhere = await signInAs(body.email as string, 'mine mine');
    const { id } = (await get('/api/public/account', current)).json();
    expect(
      (await reset(id, { newPassword: 'brand new one', confirmPassword: 'brand new one' }, current)).statusCode,
    ).toBe(204);
    expect(await isSignedIn(current)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
  });

  it('answers 404 for a missing account', async () => {
    const res = await reset(999999, { newPassword: 'long enough', confirmPassword: 'long enough' });
    expect(res.statusCode).toBe(404);
  });
});

describe('accounts: list', () => {
  beforeAll(async () => {
    const { id: school } = await t.db
      .insertInto('institutions')
      .values({
        name: 'Lakeside College',
        type: 'College/University',
        abbreviation: 'LSC',
        ownership: 'Public',
        religiousAffiliation: 'Unknown',
        financialModel: 'Unknown',
        address: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const passwordHash = await hashPassword('password123');
    await t.db
      .insertInto('accounts')
      .values([
        {
          firstName: 'Zoe',
          lastName: 'Adams',
          email: 'zoe@list.test',
          invitationCode: 'LSC-ZOE',
          institutionId: school,
          pledgedAt: '2024-03-01T10:00:00Z',
          memberAt: '2024-03-05T10:00:00Z',
          address: '{}',
          passwordHash,
        },
        {
          firstName: 'Yann',
          lastName: 'Brown',
          email: 'yann@list.test',
          invitationCode: 'LSC-YANN',
          institutionId: school,
          pledgedAt: '2024-03-02T10:00:00Z',
          address: '{}',
          passwordHash,
        },
        { firstName: 'Xia', lastName: 'Chen', email: 'xia@list.test', address: '{}', passwordHash },
      ])
      .execute();
  });

  const names = async (qs: string) => {
    const res = await get(`/api/admin/accounts?${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json().items.map((a: any) => a.fullName);
  };

  it('searches names, email and invitation code, case-insensitively', async () => {
    expect(await names('search=ZOE')).toEqual(['Zoe Adams']);
    expect(await names('search=yann@list')).toEqual(['Yann Brown']);
    expect(await names('search=lsc-y')).toEqual(['Yann Brown']);
    expect(await names('search=xia chen')).toEqual(['Xia Chen']);
    expect(await names('search=100%')).toEqual([]);
  });

  it('filters by status and dates', async () => {
    expect(await names('search=list.test&status=member')).toEqual(['Zoe Adams']);
    expect(await names('search=list.test&status=pledge')).toEqual(['Yann Brown']);
    expect(await names('search=list.test&pledgeFrom=2024-03-02&pledgeTo=2024-03-02')).toEqual(['Yann Brown']);
    expect(await names('search=list.test&memberFrom=2024-03-05')).toEqual(['Zoe Adams']);
    expect((await get('/api/admin/accounts?status=joined')).json().message).toBe('Status must be member or pledge');
    expect((await get('/api/admin/accounts?memberFrom=soon')).json().message).toBe('Invalid date "soon"');
  });

  it('sorts by name (last name first) both ways, and refuses unknown sort fields', async () => {
    expect(await names('search=list.test')).toEqual(['Zoe Adams', 'Yann Brown', 'Xia Chen']);
    expect(await names('search=list.test&sort=name:desc')).toEqual(['Xia Chen', 'Yann Brown', 'Zoe Adams']);
    expect(await names('search=list.test&sort=email:asc')).toEqual(['Xia Chen', 'Yann Brown', 'Zoe Adams']);
    const bad = await get('/api/admin/accounts?sort=passwordHash:asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Cannot sort by "passwordHash"/);
  });

  it('pages with the spec pagination shape and shows roles, school and dates', async () => {
    const res = (await get('/api/admin/accounts?search=list.test&pageSize=2&page=2')).json();
    expect(res.pagination).toEqual({
      currentPage: 2,
      hasPreviousPage: true,
      hasNextPage: false,
      perPage: 2,
      totalItems: 3,
      totalPages: 2,
    });
    expect(res.items.map((a: any) => a.fullName)).toEqual(['Xia Chen']);
    const zoe = (await get('/api/admin/accounts?search=zoe@list')).json().items[0];
    expect(zoe).toMatchObject({
      roles: ['ROLE_USER'],
      schoolName: 'Lakeside College',
      invitationCode: 'LSC-ZOE',
      memberAt: '2024-03-05T10:00:00.000Z',
      pledgedAt: '2024-03-01T10:00:00.000Z',
    });
  });
});
