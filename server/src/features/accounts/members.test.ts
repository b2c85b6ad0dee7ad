import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_EMAIL } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { hashPassword } from '../../services/auth/passwords.js';

let t: TestApp;
let cookie: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const school = (name: string, abbreviation: string) =>
    t.db
      .insertInto('institutions')
      .values({
        name,
        type: 'College/University',
        abbreviation,
        ownership: 'Public',
        religiousAffiliation: 'Unknown',
        financialModel: 'Unknown',
        address: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const lake = (await school('Lakeside College', 'LSC')).id;
  const hill = (await school('Hillcrest University', 'HCU')).id;
  const passwordHash = await hashPassword('password123');
  const people = [
    // key, first, last, school, code, pledged, member
    ['amy', 'Amy', 'Young', lake, 'LSC-1', '2024-01-02T12:00:00Z', '2024-01-10T00:00:00Z'],
    ['ben', 'Ben', 'Xavier', hill, 'HCU-1', '2024-01-03T12:00:00Z', '2024-01-31T23:59:59Z'],
    ['cal', 'Cal', 'White', lake, 'LSC-2', '2024-01-04T12:00:00Z', '2024-02-01T00:00:00Z'],
    ['dee', 'Dee', 'Vance', null, null, null, '2024-02-15T08:00:00Z'],
    ['eve', 'Eve', 'Upton', lake, 'LSC-3', '2024-05-01T00:00:00Z', null],
    ['fay', 'Fay', 'Stone', hill, 'HCU-2', '2024-05-31T23:59:59.999Z', null],
    ['gus', 'Gus', 'Reed', hill, 'HCU-3', '2024-06-01T00:00:00Z', null],
    ['hal', 'Hal', 'Quinn', null, null, null, null],
  ] as const;
  for (const [key, firstName, lastName, institutionId, invitationCode, pledgedAt, memberAt] of people) {
    const row = await t.db
      .insertInto('accounts')
      .values({
        firstName,
        lastName,
        email: `${key}@members.test`,
        institutionId,
        invitationCode,
        pledgedAt,
        memberAt,
        address: '{}',
        passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }
});
afterAll(() => t.close());

const get = (url: string, as = cookie) => t.request({ method: 'GET', url, cookie: as });
const list = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const firstNames = async (url: string) => (await list(url)).items.map((r: any) => r.firstname);

describe('members list (GET /api/admin/accounts/legacy)', () => {
  it('answers the Member/pledge row shape exactly, newest member first', async () => {
    const body = await list('/api/admin/accounts/legacy');
    expect(body.items.map((r: any) => r.firstname)).toEqual(['Dee', 'Cal', 'Ben', 'Amy']);
    expect(Object.keys(body.items[3]).sort()).toEqual(
      [
        'id',
        'firstname',
        'lastname',
        'fullname',
        'email',
        'invitationcode',
        'schoolname',
        'memberat',
        'pledgedat',
        'directoryOptOut',
      ].sort(),
    );
    expect(body.items[3]).toEqual({
      id: ids.amy,
      firstname: 'Amy',
      lastname: 'Young',
      fullname: 'Amy Young',
      email: 'amy@members.test',
      invitationcode: 'LSC-1',
      schoolname: 'Lakeside College',
      memberat: '2024-01-10T00:00:00.000Z',
      pledgedat: '2024-01-02T12:00:00.000Z',
      directoryOptOut: false,
    });
    expect(body.items[0]).toMatchObject({ firstname: 'Dee', schoolname: null, invitationcode: null, pledgedat: null });
    expect(body.pagination).toEqual({
      currentPage: 1,
      hasPreviousPage: false,
      hasNextPage: false,
      perPage: 10,
      totalItems: 4,
      totalPages: 1,
    });
  });

  it('filters memberFrom and memberTo inclusive by (UTC) day', async () => {
    expect(await firstNames('/api/admin/accounts/legacy?memberFrom=2024-01-10&memberTo=2024-01-31')).toEqual([
      'Ben',
      'Amy',
    ]);
    expect(await firstNames('/api/admin/accounts/legacy?memberFrom=2024-02-01')).toEqual(['Dee', 'Cal']);
    expect(await firstNames('/api/admin/accounts/legacy?memberTo=2024-01-09')).toEqual([]);
    expect(await firstNames('/api/admin/accounts/legacy?memberFrom=2024-01-31T05:00:00Z&memberTo=2024-01-31')).toEqual([
      'Ben',
    ]);
  });

  it('searches name, email and invitation code', async () => {
    expect(await firstNames('/api/admin/accounts/legacy?search=young')).toEqual(['Amy']);
    expect(await firstNames('/api/admin/accounts/legacy?search=BEN@MEMBERS')).toEqual(['Ben']);
    expect(await firstNames('/api/admin/accounts/legacy?search=lsc-')).toEqual(['Cal', 'Amy']);
    expect(await firstNames('/api/admin/accounts/legacy?search=eve')).toEqual([]); // a pledge, not a member
  });

  it('sorts by the whitelisted fields only', async () => {
    expect(await firstNames('/api/admin/accounts/legacy?sort=name:asc')).toEqual(['Dee', 'Cal', 'Ben', 'Amy']);
    expect(await firstNames('/api/admin/accounts/legacy?sort=name:desc')).toEqual(['Amy', 'Ben', 'Cal', 'Dee']);
    expect(await firstNames('/api/admin/accounts/legacy?sort=memberat:asc')).toEqual(['Amy', 'Ben', 'Cal', 'Dee']);
    expect(await firstNames('/api/admin/accounts/legacy?sort=email:desc')).toEqual(['Dee', 'Cal', 'Ben', 'Amy']);
    const bad = await get('/api/admin/accounts/legacy?sort=password:asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Cannot sort by "password"/);
    expect((await get('/api/admin/accounts/legacy?sort=name:up')).json().message).toBe(
      'Invalid sort "name:up": use field:asc or field:desc',
    );
  });

  it('pages', async () => {
    const body = await list('/api/admin/accounts/legacy?pageSize=3&page=2');
    expect(body.items.map((r: any) => r.firstname)).toEqual(['Amy']);
    expect(body.pagination).toEqual({
      currentPage: 2,
      hasPreviousPage: true,
      hasNextPage: false,
      perPage: 3,
      totalItems: 4,
      totalPages: 2,
    });
    const past = await list('/api/admin/accounts/legacy?pageSize=3&page=9');
    expect(past.items).toEqual([]);
    expect(past.pagination.totalItems).toBe(4);
  });

  it('lists pledges with status=pledge (the accounts list filters)', async () => {
    expect(await firstNames('/api/admin/accounts/legacy?status=pledge&sort=name:asc')).toEqual(['Gus', 'Fay', 'Eve']);
  });

  it('is for staff only', async () => {
    const member = await t.signIn({ admin: false });
    expect((await get('/api/admin/accounts/legacy', member)).statusCode).toBe(403);
    expect((await get('/api/admin/accounts/pledges', member)).statusCode).toBe(403);
    expect((await get('/api/admin/accounts/legacy/export', member)).statusCode).toBe(403);
  });
});

describe('pledges list (GET /api/admin/accounts/pledges)', () => {
  it('lists pledged accounts without membership, newest pledge first, in the row shape', async () => {
    const body = await list('/api/admin/accounts/pledges');
    expect(body.items.map((r: any) => r.firstname)).toEqual(['Gus', 'Fay', 'Eve']);
    expect(body.items[2]).toEqual({
      id: ids.eve,
      firstname: 'Eve',
      lastname: 'Upton',
      fullname: 'Eve Upton',
      email: 'eve@members.test',
      invitationcode: 'LSC-3',
      schoolname: 'Lakeside College',
      memberat: null,
      pledgedat: '2024-05-01T00:00:00.000Z',
      directoryOptOut: false,
    });
  });

  it('filters pledgeFrom and pledgeTo inclusive by day, and searches', async () => {
    expect(await firstNames('/api/admin/accounts/pledges?pledgeFrom=2024-05-01&pledgeTo=2024-05-31')).toEqual([
      'Fay',
      'Eve',
    ]);
    expect(await firstNames('/api/admin/accounts/pledges?pledgeFrom=2024-05-02')).toEqual(['Gus', 'Fay']);
    expect(await firstNames('/api/admin/accounts/pledges?search=hcu')).toEqual(['Gus', 'Fay']);
    expect(await firstNames('/api/admin/accounts/pledges?sort=pledgedat:asc')).toEqual(['Eve', 'Fay', 'Gus']);
    expect((await get('/api/admin/accounts/pledges?pledgeTo=tomorrow')).json().message).toBe('Invalid date "tomorrow"');
  });
});

describe('members export (GET /api/admin/accounts/legacy/export)', () => {
  it('streams the filtered, sorted members as CSV with the row columns', async () => {
    const res = await get(
      '/api/admin/accounts/legacy/export?memberFrom=2024-01-10&memberTo=2024-01-31&sort=name:asc&page=3',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,firstname,lastname,fullname,email,invitationcode,schoolname,memberat,pledgedat,' +
        'legacyid,phone,active,institutionlegacyid,institutionabbreviation,chapterlegacyid,chapterabbreviation,street1,street2,city,state,postalcode,country',
    );
    // The row columns first; the columns an accounts import reads follow (exports read back: imports.test.ts).
    expect(lines.map((l) => l.split(',').slice(0, 9).join(','))).toEqual([
      'id,firstname,lastname,fullname,email,invitationcode,schoolname,memberat,pledgedat',
      `${ids.ben},Ben,Xavier,Ben Xavier,ben@members.test,HCU-1,Hillcrest University,2024-01-31T23:59:59.000Z,2024-01-03T12:00:00.000Z`,
      `${ids.amy},Amy,Young,Amy Young,amy@members.test,LSC-1,Lakeside College,2024-01-10T00:00:00.000Z,2024-01-02T12:00:00.000Z`,
    ]);
  });

  it('exports every member with no filters, and the search filter too', async () => {
    const all = await get('/api/admin/accounts/legacy/export');
    expect(all.body.trim().split('\n')).toHaveLength(5);
    const one = await get('/api/admin/accounts/legacy/export?search=vance');
    expect(one.body.trim().split('\n')[1]!.split(',').slice(0, 9).join(',')).toBe(
      `${ids.dee},Dee,Vance,Dee Vance,dee@members.test,,,2024-02-15T08:00:00.000Z,`,
    );
  });
});

describe('member edit and password reset', () => {
  const put = (id: number, payload: object) =>
    t.request({ method: 'PUT', url: `/api/admin/accounts/legacy/${id}`, payload, cookie });

  it('reads one member or pledge, and 404s for other accounts', async () => {
    expect((await get(`/api/admin/accounts/legacy/${ids.amy}`)).json()).toMatchObject({
      firstname: 'Amy',
      schoolname: 'Lakeside College',
    });
    expect((await get(`/api/admin/accounts/legacy/${ids.eve}`)).json()).toMatchObject({
      firstname: 'Eve',
      memberat: null,
    });
    const other = await get(`/api/admin/accounts/legacy/${ids.hal}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Member not found');
  });

  it('saves first name, last name and email', async () => {
    const res = await put(ids.cal!, { firstname: ' Callum ', lastname: 'White-Smith', email: 'callum@members.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.cal,
      firstname: 'Callum',
      lastname: 'White-Smith',
      fullname: 'Callum White-Smith',
      email: 'callum@members.test',
      invitationcode: 'LSC-2',
    });
  });

  it.each([
    [{ firstname: '' }, 'First Name is required'],
    [{ lastname: undefined }, 'Last Name is required'],
    [{ email: ' ' }, 'Email is required'],
    [{ email: 'nope' }, 'Invalid email'],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await put(ids.amy!, { firstname: 'Amy', lastname: 'Young', email: 'amy@members.test', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 409 for an email another account has, and 404 for a non-member', async () => {
    const dup = await put(ids.amy!, { firstname: 'Amy', lastname: 'Young', email: 'BEN@members.test' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(DUPLICATE_EMAIL);
    expect((await put(ids.hal!, { firstname: 'Hal', lastname: 'Quinn', email: 'hal@members.test' })).statusCode).toBe(
      404,
    );
  });

  it("resets a member's password with the same rules and ends their sessions", async () => {
    const url = `/api/admin/accounts/legacy/${ids.dee}/reset-password`;
    const bad = await t.request({
      method: 'PUT',
      url,
      payload: { newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' },
      cookie,
    });
    expect(bad.json()).toMatchObject({
      message: "Passwords don't match",
      issues: [{ path: ['body', 'confirmPassword'] }],
    });
    const short = await t.request({
      method: 'PUT',
      url,
      payload: { newPassword: 'abc', confirmPassword: 'abc' },
      cookie,
    });
    expect(short.json().message).toBe('New password should be at least 8 chars');

    const session = await t.signIn({ admin: false, email: 'dee@members.test', password: 'password123' });
    expect((await get('/api/public/account', session)).statusCode).toBe(200);
    const ok = await t.request({
      method: 'PUT',
      url,
      payload: { newPassword: 'new secret 1', confirmPassword: 'new secret 1' },
      cookie,
    });
    expect(ok.statusCode).toBe(204);
    expect((await get('/api/public/account', session)).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dee@members.test', password: 'new secret 1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not reset the password of an account that is not a member or pledge', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/legacy/${ids.hal}/reset-password`,
      payload: { newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      cookie,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('list totals from the daily counts', () => {
  it('match a recount for members and pledges, with and without day ranges, as rows change', async () => {
    const t2 = await createTestApp();
    try {
      const cookie = await t2.signIn();
      const at = (d: string) => new Date(`${d}T12:00:00.000Z`);
      const { id: school } = await t2.db
        .insertInto('institutions')
        .values({ name: 'Count U', abbreviation: 'CU', type: 'Business', ownership: 'Public', address: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = [
        ['m1', '2024-01-10', '2024-01-01'],
        ['m2', '2024-02-10', null],
        ['m3', '2025-03-01', '2025-02-20'],
        ['p1', null, '2024-01-05'],
        ['p2', null, '2024-06-30'],
        ['p3', null, '2025-01-01'],
      ] as const;
      await t2.db
        .insertInto('accounts')
        .values(
          rows.map(([n, member, pledged]) => ({
            firstName: n,
            lastName: 'Count',
            email: `${n}@count.test`,
            institutionId: school,
            address: '{}',
            memberAt: member ? at(member) : null,
            pledgedAt: pledged ? at(pledged) : null,
          })),
        )
        .execute();
      const total = async (path: string) =>
        (await t2.request({ method: 'GET', url: path, cookie })).json().pagination.totalItems;
      expect(await total('/api/admin/accounts/legacy')).toBe(3);
      expect(await total('/api/admin/accounts/legacy?memberFrom=2024-01-10&memberTo=2024-02-10')).toBe(2);
      expect(await total('/api/admin/accounts/pledges')).toBe(3);
      expect(await total('/api/admin/accounts/pledges?pledgeFrom=2024-01-01&pledgeTo=2024-06-30')).toBe(2);
      // A pledge who pays leaves the pledges and joins the members.
      await t2.db
        .updateTable('accounts')
        .set({ memberAt: at('2025-04-01') })
        .where('email', '=', 'p3@count.test')
        .execute();
      expect(await total('/api/admin/accounts/legacy')).toBe(4);
      expect(await total('/api/admin/accounts/pledges')).toBe(2);
      await t2.db.deleteFrom('accounts').where('email', '=', 'p1@count.test').execute();
      expect(await total('/api/admin/accounts/pledges')).toBe(1);
    } finally {
      await t2.close();
    }
  });
});
