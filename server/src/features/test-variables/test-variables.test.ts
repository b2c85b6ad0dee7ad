import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { slugOf } from '../../services/slug.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const url = '/api/admin/logistics/invitation-tests';
const create = (payload: object) => t.request({ method: 'POST', url, payload, cookie });
const update = (id: number, payload: object) => t.request({ method: 'PUT', url: `${url}/${id}`, payload, cookie });
const list = async (qs: string) => (await t.request({ method: 'GET', url: `${url}?${qs}`, cookie })).json();

describe('A/B test variables', () => {
  it('derives the slug from the name', () => {
    expect(slugOf('Subject line B!', 'variable')).toBe('subject-line-b');
    expect(slugOf('  Café  Crème -- 2 ', 'variable')).toBe('cafe-creme-2');
    expect(slugOf('!!!', 'variable')).toBe('variable');
  });

  it('adds a variable, enabled by default, with a unique slug and who saved it', async () => {
    const res = await create({ name: 'Early Reminder', description: 'A week earlier' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Early Reminder',
      slug: 'early-reminder',
      description: 'A week earlier',
      enabled: true,
      updatedBy: 'Ada Tester',
    });
    const again = await create({ name: 'Early reminder', description: 'Same name, other case' });
    expect(again.json().slug).toBe('early-reminder-2');
    const third = await create({ name: 'early  REMINDER', description: 'And again', enabled: false });
    expect(third.json()).toMatchObject({ slug: 'early-reminder-3', enabled: false });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ description: '  ' }, 'Description is required'],
    [{ description: null }, 'Description is required'],
    [{ enabled: 'yes' }, 'Enabled must be true or false'],
  ])('refuses %o with its message', async (patch, message) => {
    const res = await create({ name: 'N', description: 'D', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('edits: a new name gives a new slug, the same name keeps it', async () => {
    const { id } = (await create({ name: 'Long Letter', description: 'v1' })).json();
    const same = await update(id, { name: 'Long Letter', description: 'v2', enabled: false });
    expect(same.json()).toMatchObject({ slug: 'long-letter', description: 'v2', enabled: false });
    const renamed = await update(id, { name: 'Short Letter', description: 'v3', enabled: true });
    expect(renamed.json()).toMatchObject({ slug: 'short-letter', enabled: true });
    expect((await update(999999, { name: 'x', description: 'y' })).statusCode).toBe(404);
  });

  it('lists with search (name or slug), the enabled filter, sort and paging', async () => {
    const found = await list('search=reminder&sort=name:asc');
    expect(found.items.map((i: any) => i.slug)).toEqual(
      expect.arrayContaining(['early-reminder', 'early-reminder-2', 'early-reminder-3']),
    );
    const enabledOnly = await list('search=reminder&enabled=1');
    expect(enabledOnly.items.every((i: any) => i.enabled)).toBe(true);
    expect(enabledOnly.pagination.totalItems).toBe(2);
    const off = await list('enabled=0');
    expect(off.items.map((i: any) => i.slug)).toEqual(['early-reminder-3']);
    const paged = await list('pageSize=1&page=2&sort=name:asc');
    expect(paged.items).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ currentPage: 2, perPage: 1, hasPreviousPage: true });
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});
