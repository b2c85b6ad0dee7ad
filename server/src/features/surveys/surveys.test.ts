import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { useInProgram } from '../../test/fixtures.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const url = '/api/admin/survey';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.request({ method, url: `${url}${path}`, payload, cookie });
const newSurvey = async (name = 'Member interests') => (await call('POST', '', { name })).json().id as number;

const multi = {
  question: 'Which events would you attend?',
  type: 'multi select',
  category: 'Events',
  maxChosenOptions: 2,
  options: [{ option: 'Socials' }, { option: 'Workshops' }, { option: 'Service days' }],
};

describe('surveys', () => {
  it('creates, lists, renames and reads a survey', async () => {
    const created = await call('POST', '', { name: 'Welcome survey' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    await call('POST', `/${id}/questions`, multi);
    await call('POST', `/${id}/questions`, { question: 'Anything else?', type: 'open ended' });
    const list = (await call('GET', '?search=welcome')).json();
    expect(list.items).toEqual([expect.objectContaining({ id, name: 'Welcome survey', questionCount: 2 })]);
    const renamed = (await call('PATCH', `/${id}`, { name: 'Welcome Survey 2026' })).json();
    expect(renamed).toMatchObject({ name: 'Welcome Survey 2026', usedBy: [] });
    expect(renamed.questions.map((q: any) => [q.index, q.type])).toEqual([
      [0, 'multi select'],
      [1, 'open ended'],
    ]);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'no' }, 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(255) }, 'Name must be 254 characters or less'],
  ])('refuses the name of %o', async (payload, message) => {
    const res = await call('POST', '', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('saves each kind: options in order, blank category is null, the limit only on multi select', async () => {
    const id = await newSurvey();
    expect((await call('POST', `/${id}/questions`, multi)).json()).toMatchObject({
      index: 0,
      category: 'Events',
      maxChosenOptions: 2,
      options: [{ option: 'Socials' }, { option: 'Workshops' }, { option: 'Service days' }],
    });
    const single = { ...multi, type: 'single select', category: '  ' };
    expect((await call('POST', `/${id}/questions`, single)).json()).toMatchObject({
      index: 1,
      category: null,
      maxChosenOptions: null,
    });
    expect((await call('POST', `/${id}/questions`, { ...multi, type: 'sort', category: null })).json()).toMatchObject({
      index: 2,
      type: 'sort',
    });
    expect(
      (await call('POST', `/${id}/questions`, { question: 'Your goals?', type: 'open ended', options: [] })).json(),
    ).toMatchObject({ index: 3, options: [] });
  });

  it.each([
    [{ question: '' }, 'Question is required'],
    [{ question: 'ab' }, 'Question must be at least 3 characters'],
    [{ question: 'q'.repeat(512) }, 'Question must be 511 characters or less'],
    [{ type: 'matcher' }, 'Type is required'],
    [{ category: 'ab' }, 'Category must be at least 3 characters'],
    [{ category: 'c'.repeat(256) }, 'Category must be 255 characters or less'],
    [{ options: [{ option: 'ab' }, { option: 'Two' }] }, 'Option must be at least 3 characters'],
    [{ options: [{ option: 'o'.repeat(512) }, { option: 'Two' }] }, 'Option must be 511 characters or less'],
    [{ options: [{ option: 'One' }] }, 'Add at least 2 options'],
    [{ options: [{ option: 'Same' }, { option: 'same ' }] }, 'Each option must be different'],
    [{ type: 'open ended' }, 'Open ended questions have no options'],
    [{ maxChosenOptions: 'many' }, 'Maximum options to choose must be a number'],
    [{ maxChosenOptions: 0 }, 'Maximum options to choose must be 1 or more'],
    [{ maxChosenOptions: 4 }, 'Maximum options to choose cannot be more than the number of options'],
  ])('refuses a question with %o', async (patch, message) => {
    const res = await call('POST', `/${await newSurvey()}/questions`, { ...multi, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('updates a question keeping the options sent with their id', async () => {
    const id = await newSurvey();
    const q = (await call('POST', `/${id}/questions`, multi)).json();
    const res = await call('PATCH', `/${id}/questions/${q.id}`, {
      ...multi,
      type: 'single select',
      options: [{ id: q.options[2].id, option: 'Service days' }, { option: 'Retreats' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'single select',
      maxChosenOptions: null,
      options: [{ id: q.options[2].id, option: 'Service days' }, { option: 'Retreats' }],
    });
    expect((await call('PATCH', `/${id}/questions/999999`, multi)).statusCode).toBe(404);
  });

  it('deletes questions (the rest move up) and the survey', async () => {
    const id = await newSurvey();
    const ids = [];
    for (const n of [1, 2, 3])
      ids.push((await call('POST', `/${id}/questions`, { ...multi, question: `Question ${n}` })).json().id);
    expect((await call('DELETE', `/${id}/questions/${ids[0]}`)).statusCode).toBe(204);
    expect((await call('GET', `/${id}`)).json().questions.map((q: any) => [q.id, q.index])).toEqual([
      [ids[1], 0],
      [ids[2], 1],
    ]);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${id}`)).json()).toEqual({ message: 'Survey not found' });
    expect((await call('DELETE', `/${id}/questions/${ids[1]}`)).statusCode).toBe(404);
  });

  it('refuses to delete a survey a program component uses (409)', async () => {
    const id = await newSurvey('Used survey');
    await useInProgram(t.db, 'survey', id, ['Service 101', 'Intake']);
    const res = await call('DELETE', `/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This survey is used by a program component and cannot be deleted');
    expect((await call('GET', `/${id}`)).json().usedBy).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});
