import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let cookie: string;
let institutionId: number;
let otherInstitutionId: number;

async function makeInstitution(name: string, abbreviation: string): Promise<number> {
  const { id } = await t.db
    .insertInto('institutions')
    .values({
      name,
      abbreviation,
      type: 'College/University',
      ownership: 'Public',
      religiousAffiliation: 'None',
      financialModel: 'Unknown',
      address: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function makeFile(folder: string, fileName: string, committed = true): Promise<number> {
  const { id } = await t.db
    .insertInto('files')
    .values({
      storageKey: `${folder}/${Math.random().toString(36).slice(2)}`,
      folder,
      fileName,
      contentType: 'image/png',
      sizeInBytes: 1234,
      public: true,
      committed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  institutionId = await makeInstitution('Northwood University', 'NWU');
  otherInstitutionId = await makeInstitution('Riverside College', 'RVC');
});
afterAll(() => t.close());

const valid = () => ({
  name: 'Northwood Chapter',
  abbreviation: 'NWC',
  institutionId,
  legacyId: 7,
  address: { street1: '1 Campus Way', city: 'Midland', state: 'MI', postalCode: '48640', country: 'US' },
  invitationAdvisor1: {
    name: 'Dr. Jane Doe',
    title: 'Dean',
    department: 'Student Affairs',
    email: 'jane@northwood.example.edu',
  },
  invitationAdvisor2: { name: 'John Roe', email: 'john@northwood.example.edu' },
  invitationPresident: { name: 'Sam Lee', email: 'sam@northwood.example.edu' },
  invitationLandingPage: 'https://example.org/northwood',
  invitationTestimonialName: 'Alex Kim',
  invitationTestimonialTitle: 'Class of 2025',
  invitationTestimonialText: 'Joining changed how I lead.',
  sclaPage: 'https://example.org/scla/northwood',
});

const create = (body: object) => t.request({ method: 'POST', url: '/api/admin/chapters', payload: body, cookie });
const list = (qs = '') => t.request({ method: 'GET', url: `/api/admin/chapters${qs ? `?${qs}` : ''}`, cookie });
const names = (res: { json: () => any }) => res.json().items.map((c: any) => c.name);

describe('chapters', () => {
  it('creates, reads and updates a chapter with every field', async () => {
    const res = await create(valid());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Northwood Chapter',
      abbreviation: 'NWC',
      institution: { id: institutionId, name: 'Northwood University' },
      active: true,
      acceptingMembers: true,
      legacyId: 7,
      address: {
        street1: '1 Campus Way',
        street2: null,
        city: 'Midland',
        state: 'MI',
        postalCode: '48640',
        country: 'US',
      },
      logo: null,
      logoUrl: null,
      invitationAdvisor1: {
        name: 'Dr. Jane Doe',
        title: 'Dean',
        department: 'Student Affairs',
        email: 'jane@northwood.example.edu',
        signature: null,
      },
      invitationAdvisor2: { name: 'John Roe', email: 'john@northwood.example.edu', signature: null },
      invitationPresident: { name: 'Sam Lee', email: 'sam@northwood.example.edu', signature: null },
      invitationLandingPage: 'https://example.org/northwood',
      invitationTestimonialName: 'Alex Kim',
      invitationTestimonialTitle: 'Class of 2025',
      invitationTestimonialText: 'Joining changed how I lead.',
      sclaPage: 'https://example.org/scla/northwood',
      sclaPageImage: null,
    });

    const got = await t.request({ method: 'GET', url: `/api/admin/chapters/${created.id}`, cookie });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);

    const upd = await t.request({
      method: 'PUT',
      url: `/api/admin/chapters/${created.id}`,
      payload: {
        ...valid(),
        name: 'Northwood Leaders',
        institutionId: otherInstitutionId,
        active: false,
        acceptingMembers: false,
        invitationAdvisor2: null,
      },
      cookie,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      name: 'Northwood Leaders',
      institution: { id: otherInstitutionId, name: 'Riverside College' },
      active: false,
      acceptingMembers: false,
      invitationAdvisor2: { name: null, email: null, signature: null },
    });
  });

  it('defaults a new chapter to active and accepting members, with empty leaders', async () => {
    const res = await create({ name: 'Minimal Chapter', abbreviation: 'MIN', institutionId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      active: true,
      acceptingMembers: true,
      legacyId: null,
      address: { street1: null, street2: null, city: null, state: null, postalCode: null, country: null },
      invitationAdvisor1: { name: null, title: null, department: null, email: null, signature: null },
      invitationPresident: { name: null, email: null, signature: null },
      invitationLandingPage: null,
      sclaPage: null,
    });
  });

  it('stores the logo, the leaders signatures and the SCLA page image, and commits them', async () => {
    const logoId = await makeFile('public/chapters/logos', 'logo.png', false);
    const sig1 = await makeFile('public/chapters/leaders-signatures', 'advisor1.png', false);
    const sig2 = await makeFile('public/chapters/leaders-signatures', 'advisor2.png');
    const sig3 = await makeFile('public/chapters/leaders-signatures', 'president.png');
    const imageId = await makeFile('public/chapters/scla-page', 'scla page.png', false);
    const v = valid();
    const res = await create({
      ...v,
      abbreviation: 'FILES',
      logoId,
      sclaPageImageId: imageId,
      invitationAdvisor1: { ...v.invitationAdvisor1, signatureId: sig1 },
      invitationAdvisor2: { ...v.invitationAdvisor2, signatureId: sig2 },
      invitationPresident: { ...v.invitationPresident, signatureId: sig3 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.logo).toEqual({
      id: logoId,
      fileName: 'logo.png',
      url: `/api/files/${logoId}/logo.png`,
      sizeInBytes: 1234,
      contentType: 'image/png',
    });
    expect(body.logoUrl).toBe(`/api/files/${logoId}/logo.png`);
    expect(body.invitationAdvisor1.signature.id).toBe(sig1);
    expect(body.invitationAdvisor2.signature.fileName).toBe('advisor2.png');
    expect(body.invitationPresident.signature.id).toBe(sig3);
    expect(body.sclaPageImage).toMatchObject({ id: imageId, url: `/api/files/${imageId}/scla%20page.png` });
    const files = await t.db
      .selectFrom('files')
      .select(['id', 'committed'])
      .where('id', 'in', [logoId, sig1, imageId])
      .execute();
    expect(files.every((f) => f.committed)).toBe(true);

    // Clearing a file keeps the others.
    const upd = await t.request({
      method: 'PUT',
      url: `/api/admin/chapters/${body.id}`,
      payload: { ...v, abbreviation: 'FILES', logoId: null, sclaPageImageId: imageId },
      cookie,
    });
    expect(upd.json()).toMatchObject({
      logo: null,
      logoUrl: null,
      sclaPageImage: { id: imageId },
      invitationAdvisor1: { signature: null },
    });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ abbreviation: '' }, 'Abbreviation is required'],
    [{ abbreviation: null }, 'Abbreviation is required'],
    [{ abbreviation: 'ABCDEFGHIJKLM' }, 'Abbreviation must be 12 characters or less'],
    [{ institutionId: undefined }, 'Institution is required'],
    [{ institutionId: null }, 'Institution is required'],
    [{ institutionId: '' }, 'Institution is required'],
    [{ institutionId: 0 }, 'Institution is required'],
    [{ institutionId: 999999 }, 'Institution not found'],
    [{ invitationAdvisor1: { email: 'not-an-email' } }, 'Invalid email'],
    [{ invitationAdvisor2: { email: 'a@b' } }, 'Invalid email'],
    [{ invitationPresident: { email: 'president at school' } }, 'Invalid email'],
    [{ legacyId: 'abc' }, 'Legacy Id must be a number'],
    [{ active: 'yes' }, 'Active must be true or false'],
    [{ logoId: 999999 }, 'Logo file not found'],
    [{ invitationPresident: { signatureId: 999999 } }, 'President signature file not found'],
    [{ sclaPageImageId: 999999 }, 'SCLA page image file not found'],
    [{ address: { country: 'FR' } }, /Invalid enum value/],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await create({ ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('reports each invalid field as an issue with its path', async () => {
    const res = await create({ name: '', abbreviation: '', institutionId: null, invitationAdvisor1: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: ['body', 'name'], message: 'Name is required' },
        { path: ['body', 'abbreviation'], message: 'Abbreviation is required' },
        { path: ['body', 'institutionId'], message: 'Institution is required' },
        { path: ['body', 'invitationAdvisor1', 'email'], message: 'Invalid email' },
      ]),
    );
  });

  it('accepts blank leader emails as none', async () => {
    const res = await create({
      ...valid(),
      abbreviation: 'BLANK',
      invitationAdvisor1: { email: '' },
      invitationPresident: { email: '  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().invitationAdvisor1.email).toBeNull();
    expect(res.json().invitationPresident.email).toBeNull();
  });

  it('answers 404 for a missing chapter, 400 for a bad id', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/chapters/999999', cookie })).json()).toEqual({
      message: 'Chapter not found',
    });
    const put = await t.request({ method: 'PUT', url: '/api/admin/chapters/999999', payload: valid(), cookie });
    expect(put.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/admin/chapters/abc', cookie })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/chapters' })).statusCode).toBe(401);
    const member = await t.signIn({ admin: false });
    expect((await t.request({ method: 'GET', url: '/api/admin/chapters', cookie: member })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/admin/chapters', payload: valid(), cookie: member })).statusCode,
    ).toBe(403);
  });

  it('lets a deleted institution fail loudly rather than orphan its chapters', async () => {
    const id = await makeInstitution('Doomed College', 'DC');
    await create({ ...valid(), institutionId: id });
    await expect(t.db.deleteFrom('institutions').where('id', '=', id).execute()).rejects.toThrow(/foreign key/);
  });

  it("clears an account's chapter when the chapter is deleted", async () => {
    const chapter = (await create({ ...valid(), abbreviation: 'GONE' })).json();
    const { id } = await t.db
      .insertInto('accounts')
      .values({ firstName: 'Pat', lastName: 'Doe', email: 'pat@example.test', chapterId: chapter.id, address: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable('accounts').set({ chapterId: 987654 }).where('id', '=', id).execute(),
    ).rejects.toThrow(/foreign key/);
    await t.db.deleteFrom('chapters').where('id', '=', chapter.id).execute();
    expect(
      (await t.db.selectFrom('accounts').select('chapterId').where('id', '=', id).executeTakeFirstOrThrow()).chapterId,
    ).toBeNull();
  });
});

describe('chapter list', () => {
  beforeAll(async () => {
    await t.db.deleteFrom('chapters').execute();
    const riverside = otherInstitutionId;
    for (const [name, abbreviation, inst, active, acceptingMembers] of [
      ['Alpha Chapter', 'ALP', institutionId, true, true],
      ['Beta Chapter', 'BET', institutionId, true, false],
      ['Gamma Chapter', 'GAM', riverside, false, true],
      ['Delta Chapter', 'DEL', riverside, false, false],
    ] as const) {
      const res = await create({ ...valid(), name, abbreviation, institutionId: inst, active, acceptingMembers });
      expect(res.statusCode).toBe(201);
    }
  });

  it('filters by active and acceptingMembers as 1/0', async () => {
    expect(names(await list('active=1&sort=name:asc'))).toEqual(['Alpha Chapter', 'Beta Chapter']);
    expect(names(await list('active=0&sort=name:asc'))).toEqual(['Delta Chapter', 'Gamma Chapter']);
    expect(names(await list('acceptingMembers=1&sort=name:asc'))).toEqual(['Alpha Chapter', 'Gamma Chapter']);
    expect(names(await list('acceptingMembers=0&active=1'))).toEqual(['Beta Chapter']);
    expect(names(await list('active=true&acceptingMembers=false'))).toEqual(['Beta Chapter']);
  });

  it('searches chapter name, abbreviation and institution name', async () => {
    expect(names(await list('search=gamma'))).toEqual(['Gamma Chapter']);
    expect(names(await list('search=DEL'))).toEqual(['Delta Chapter']);
    expect(names(await list('search=riverside&sort=name:asc'))).toEqual(['Delta Chapter', 'Gamma Chapter']);
    expect(names(await list('search=100%25'))).toEqual([]);
    expect(names(await list('search=&sort=name:asc'))).toHaveLength(4);
  });

  it('sorts by name, institution and flags, and pages', async () => {
    expect(names(await list('sort=name:desc'))).toEqual([
      'Gamma Chapter',
      'Delta Chapter',
      'Beta Chapter',
      'Alpha Chapter',
    ]);
    expect(names(await list('sort=institution:desc,name:asc'))).toEqual([
      'Delta Chapter',
      'Gamma Chapter',
      'Alpha Chapter',
      'Beta Chapter',
    ]);
    expect(names(await list('sort=active:asc,acceptingMembers:desc'))).toEqual([
      'Gamma Chapter',
      'Delta Chapter',
      'Alpha Chapter',
      'Beta Chapter',
    ]);
    const page2 = await list('sort=name:asc&pageSize=3&page=2');
    expect(names(page2)).toEqual(['Gamma Chapter']);
    expect(page2.json().pagination).toEqual({
      currentPage: 2,
      hasPreviousPage: true,
      hasNextPage: false,
      perPage: 3,
      totalItems: 4,
      totalPages: 2,
    });
  });

  it('answers every item in the full chapter shape', async () => {
    const item = (await list('search=alpha')).json().items[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'name',
        'abbreviation',
        'institution',
        'active',
        'acceptingMembers',
        'legacyId',
        'address',
        'logo',
        'logoUrl',
        'invitationAdvisor1',
        'invitationAdvisor2',
        'invitationPresident',
        'invitationLandingPage',
        'invitationTestimonialName',
        'invitationTestimonialTitle',
        'invitationTestimonialText',
        'sclaPage',
        'sclaPageImage',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
  });

  it('uses page 1 and 10 rows by default and the real total past the end', async () => {
    expect((await list()).json().pagination).toMatchObject({
      currentPage: 1,
      perPage: 10,
      totalItems: 4,
      totalPages: 1,
    });
    const past = await list('page=9');
    expect(past.json().items).toEqual([]);
    expect(past.json().pagination.totalItems).toBe(4);
  });

  it.each([
    ['sort=nope:asc', /Cannot sort by "nope"/],
    ['sort=name:up', /Invalid sort/],
    ['active=yes', /Use 1 or 0/],
    ['acceptingMembers=2', /Use 1 or 0/],
    ['page=0', /page must be 1 or more/],
    ['pageSize=101', /pageSize must be between 1 and 100/],
  ])('refuses %s with 400', async (qs, message) => {
    const res = await list(qs);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('exports the filtered, sorted rows as CSV', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/chapters/export?acceptingMembers=1&sort=name:desc',
      cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="chapters-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^id,name,abbreviation,institution,active,acceptingMembers,legacyId,street1/);
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['Gamma Chapter', 'Riverside College', 'No', 'Yes'],
      ['Alpha Chapter', 'Northwood University', 'Yes', 'Yes'],
    ]);
    const searched = await t.request({ method: 'GET', url: '/api/admin/chapters/export?search=beta', cookie });
    expect(searched.body.trim().split('\n')).toHaveLength(2);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/chapters/export?active=maybe', cookie })).statusCode,
    ).toBe(400);
  });
});
