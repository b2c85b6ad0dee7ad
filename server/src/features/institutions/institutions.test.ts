import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const valid = {
  name: 'Northwood University',
  abbreviation: 'NWU',
  type: 'College/University',
  ownership: 'Private',
  financialModel: 'Non-Profit',
  religiousAffiliation: 'None',
  legacyId: 42,
  website: 'https://northwood.example.edu',
  population: '12000',
  address: { street1: '1 Campus Way', city: 'Midland', state: 'MI', postalCode: '48640', country: 'US' },
};

const create = (body: object) => t.request({ method: 'POST', url: '/api/admin/institutions', payload: body, cookie });

describe('institutions', () => {
  it('creates, reads and updates an institution', async () => {
    const res = await create(valid);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ ...valid, address: { ...valid.address, street2: null }, logo: null, logos: [] });
    const got = await t.request({ method: 'GET', url: `/api/admin/institutions/${created.id}`, cookie });
    expect(got.json().name).toBe('Northwood University');
    const upd = await t.request({
      method: 'PUT',
      url: `/api/admin/institutions/${created.id}`,
      payload: { ...valid, name: 'Northwood U' },
      cookie,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().name).toBe('Northwood U');
  });

  it('answers the logo as an uploaded file with its URL, and keeps every logo it had', async () => {
    const [a, b] = await t.db
      .insertInto('files')
      .values([
        {
          storageKey: 'public/institutions/logos/a.png',
          folder: 'public/institutions/logos',
          fileName: 'crest old.png',
          contentType: 'image/png',
          sizeInBytes: 10,
          public: true,
        },
        {
          storageKey: 'public/institutions/logos/b.png',
          folder: 'public/institutions/logos',
          fileName: 'crest.png',
          contentType: 'image/png',
          sizeInBytes: 12,
          public: true,
        },
      ])
      .returning('id')
      .execute();
    const created = (await create({ ...valid, abbreviation: 'LOGO', logoId: a!.id })).json();
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/institutions/${created.id}`,
      payload: { ...valid, abbreviation: 'LOGO', logoId: b!.id },
      cookie,
    });
    expect(res.json().logo).toEqual({
      id: b!.id,
      fileName: 'crest.png',
      url: `/api/files/${b!.id}/crest.png`,
      sizeInBytes: 12,
      contentType: 'image/png',
    });
    expect(res.json().logoUrl).toBe(`/api/files/${b!.id}/crest.png`);
    expect(
      res
        .json()
        .logos.map((l: any) => l.fileName)
        .sort(),
    ).toEqual(['crest old.png', 'crest.png']);
    const bad = await t.request({
      method: 'PUT',
      url: `/api/admin/institutions/${created.id}`,
      payload: { ...valid, logoId: 999999 },
      cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('defaults financial model and religious affiliation to Unknown', async () => {
    const { financialModel, religiousAffiliation, ...rest } = valid;
    const res = await create({ ...rest, abbreviation: 'DEF' });
    expect(res.json()).toMatchObject({ financialModel: 'Unknown', religiousAffiliation: 'Unknown' });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ abbreviation: '' }, 'Abbreviation is required'],
    [{ abbreviation: 'ABCDEFGHIJKLM' }, 'Abbreviation must be 12 characters or less'],
    [{ type: null }, 'Type is required'],
    [{ ownership: '' }, 'Ownership is required'],
    [{ financialModel: null }, 'Financial Model is required'],
    [{ religiousAffiliation: '' }, 'Religious Affiliation is required'],
    [{ legacyId: 'abc' }, 'Legacy Id must be a number'],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await create({ ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for a missing one and 400 for a bad id', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/institutions/999999', cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/admin/institutions/abc', cookie })).statusCode).toBe(400);
  });

  describe('list', () => {
    beforeAll(async () => {
      for (const [name, type, ownership] of [
        ['Alpha Community College', 'Community College', 'Public'],
        ['Beta Business School', 'Business', 'Private'],
        ['Gamma State University', 'College/University', 'Public'],
      ])
        await create({ ...valid, name, type, ownership, abbreviation: name!.slice(0, 3).toUpperCase() });
    });

    it('filters by search, type and ownership', async () => {
      const r1 = await t.request({ method: 'GET', url: '/api/admin/institutions?search=gamma', cookie });
      expect(r1.json().items.map((i: any) => i.name)).toEqual(['Gamma State University']);
      const r2 = await t.request({ method: 'GET', url: '/api/admin/institutions?type=Business', cookie });
      expect(r2.json().items.map((i: any) => i.name)).toEqual(['Beta Business School']);
      const r3 = await t.request({ method: 'GET', url: '/api/admin/institutions?ownership=Public&search=a', cookie });
      expect(
        r3
          .json()
          .items.map((i: any) => i.name)
          .sort(),
      ).toEqual(['Alpha Community College', 'Gamma State University']);
    });

    it('sorts and pages', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/api/admin/institutions?sort=name:desc&pageSize=2&page=1',
        cookie,
      });
      const body = res.json();
      expect(body.pagination).toMatchObject({ currentPage: 1, perPage: 2, hasPreviousPage: false, hasNextPage: true });
      const names = body.items.map((i: any) => i.name);
      expect([...names].sort().reverse()).toEqual(names);
      const last = await t.request({
        method: 'GET',
        url: `/api/admin/institutions?pageSize=2&page=${body.pagination.totalPages}`,
        cookie,
      });
      expect(last.json().pagination.hasNextPage).toBe(false);
    });

    it('answers an empty page past the end with the real total', async () => {
      const res = await t.request({ method: 'GET', url: '/api/admin/institutions?page=999', cookie });
      expect(res.json().items).toEqual([]);
      expect(res.json().pagination.totalItems).toBeGreaterThan(0);
    });

    it.each([
      ['sort=nope:asc', /Cannot sort by "nope"/],
      ['sort=name:up', /Invalid sort/],
      ['page=0', /page must be 1 or more/],
      ['pageSize=101', /pageSize must be between 1 and 100/],
      ['type=Castle', /Invalid enum value/],
    ])('refuses %s with 400', async (qs, message) => {
      const res = await t.request({ method: 'GET', url: `/api/admin/institutions?${qs}`, cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('exports the filtered rows as CSV', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/api/admin/institutions/export?ownership=Public&sort=name:asc',
        cookie,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="institutions-/);
      const lines = res.body.trim().split('\n');
      expect(lines[0]).toMatch(/^id,name,abbreviation,type,ownership/);
      expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Alpha Community College', 'Gamma State University']);
    });
  });
});
