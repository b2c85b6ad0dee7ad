import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_MESSAGES, RICH_TEXT_MESSAGES } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { slugOf as sharedSlugOf } from '../../services/slug.js';

const slugOf = (name: string) => sharedSlugOf(name, 'segment');
import { seedPrograms } from '../../../../scripts/seed/programs.js';
import { seedLessons } from '../../../../scripts/seed/lessons.js';

let t: TestApp;
let cookie: string;
let programSlug: string;
let programId: number;
let sectionId: number;
beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
  programSlug = `lesson-program-${Date.now()}`;
  ({ id: programId } = await t.db
    .insertInto('programs')
    .values({ name: 'Lesson Program', slug: programSlug })
    .returning('id')
    .executeTakeFirstOrThrow());
  ({ id: sectionId } = await t.db
    .insertInto('programSections')
    .values({ programId, name: 'Week 1' })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => t.close());

let n = 0;
async function component(componentType: 'segmented lesson' | 'quiz' = 'segmented lesson') {
  n++;
  const { id } = await t.db
    .insertInto('programComponents')
    .values({ programId, sectionId, name: `Lesson ${n}`, slug: `lesson-${n}`, componentType, xp: 25 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, slug: `lesson-${n}` };
}

const doc = (words: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: words, styles: {} }], children: [] }],
});
const create = (componentId: number, payload: object) =>
  t.request({ method: 'POST', url: `/api/admin/program-component/${componentId}/lesson-segment`, payload, cookie });
const patch = (id: number, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/admin/lesson-segment/${id}`, payload, cookie });
const reorder = (componentId: number, entityIds: unknown) =>
  t.request({ method: 'PATCH', url: `/api/admin/lesson-segment/${componentId}/index`, payload: { entityIds }, cookie });
const indexes = async (componentId: number) =>
  (
    await t.db
      .selectFrom('lessonSegments')
      .select(['id', 'index'])
      .where('programComponentId', '=', componentId)
      .orderBy('index')
      .execute()
  ).map((r) => [r.id, r.index]);

async function segments(componentId: number, count: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await create(componentId, { name: `Segment ${i + 1}` })).json().id);
  return ids;
}

describe('lesson segments', () => {
  it('derives segment slugs from names', () => {
    expect(slugOf('Intro: Part 1!')).toBe('intro-part-1');
    expect(slugOf('???')).toBe('segment');
  });

  it('adds, edits, lists by slug and deletes segments, keeping the order dense', async () => {
    const lesson = await component();
    const xp = await t.db.selectFrom('learningXps').select(['id', 'name']).orderBy('name').executeTakeFirstOrThrow();
    await t.db
      .insertInto('programComponentXps')
      .values({ programComponentId: lesson.id, learningXpId: xp.id })
      .execute();

    const first = await create(lesson.id, { name: '  Welcome  ', curriculum: doc('Hello') });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      programComponentId: lesson.id,
      name: 'Welcome',
      slug: 'welcome',
      index: 0,
      curriculum: doc('Hello'),
    });
    const second = (await create(lesson.id, { name: 'Welcome' })).json();
    expect(second).toMatchObject({ slug: 'welcome-2', index: 1, curriculum: { type: 'doc', content: [] } });
    const third = (await create(lesson.id, { name: 'Wrap up' })).json();

    const edited = await patch(second.id, { name: 'Middle part', curriculum: doc('Body') });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Middle part', slug: 'welcome-2', curriculum: doc('Body') });
    expect((await patch(second.id, { curriculum: doc('Autosaved') })).json()).toMatchObject({
      name: 'Middle part',
      curriculum: doc('Autosaved'),
    });

    const got = await t.request({
      method: 'GET',
      url: `/api/admin/program/${programSlug}/lesson/${lesson.slug}`,
      cookie,
    });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({
      id: lesson.id,
      programId,
      programSlug,
      programName: 'Lesson Program',
      name: lesson.slug.replace('lesson-', 'Lesson '),
      xp: 25,
      learningXps: [xp],
    });
    expect(got.json().segments.map((s: { id: number }) => s.id)).toEqual([first.json().id, second.id, third.id]);

    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/lesson-segment/${first.json().id}`, cookie })).statusCode,
    ).toBe(204);
    expect(await indexes(lesson.id)).toEqual([
      [second.id, 0],
      [third.id, 1],
    ]);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/lesson-segment/${first.json().id}`, cookie })).statusCode,
    ).toBe(404);
    // A new segment still goes last, after the gap was closed.
    expect((await create(lesson.id, { name: 'Extra' })).json().index).toBe(2);
  });

  it('reorders with every id once, answering the segments in the new order', async () => {
    const lesson = await component();
    const [a, b, c] = await segments(lesson.id, 3);
    const res = await reorder(lesson.id, [c, a, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((s: { id: number; index: number }) => [s.id, s.index])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    for (const bad of [
      [a, b],
      [a, b, c, c],
      [a, b, 999_999],
      [a, a, b],
    ]) {
      const refused = await reorder(lesson.id, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: LESSON_MESSAGES.orderMismatch,
        issues: [{ path: ['entityIds'] }],
      });
    }
    const other = await component();
    const [d] = await segments(other.id, 1);
    expect((await reorder(lesson.id, [a, b, d])).statusCode).toBe(400);
    expect((await reorder(lesson.id, 'nope')).json().message).toBe('entityIds must be a list of ids');
    expect((await reorder(lesson.id, undefined)).json().message).toBe('entityIds is required');
    expect((await reorder(lesson.id, [a, 0, c])).json().message).toBe('entityIds must be a positive number');
    expect(await indexes(lesson.id)).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
  });

  it('stays dense and consistent under concurrent reorders, adds and deletes', async () => {
    const lesson = await component();
    const ids = await segments(lesson.id, 8);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(3), ...ids.slice(0, 3)];
    const results = await Promise.all([reorder(lesson.id, reversed), reorder(lesson.id, rotated)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = (await indexes(lesson.id)).map(([id]) => id);
    expect([reversed, rotated]).toContainEqual(after);
    expect((await indexes(lesson.id)).map(([, index]) => index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    // Adds and a delete racing: every segment keeps a distinct index 0..n-1.
    await Promise.all([
      create(lesson.id, { name: 'Race A' }),
      create(lesson.id, { name: 'Race B' }),
      t.request({ method: 'DELETE', url: `/api/admin/lesson-segment/${ids[0]}`, cookie }),
    ]);
    expect((await indexes(lesson.id)).map(([, index]) => index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it.each([
    [{}, LESSON_MESSAGES.nameRequired],
    [{ name: '   ' }, LESSON_MESSAGES.nameRequired],
    [{ name: 'ab' }, LESSON_MESSAGES.nameTooShort],
    [{ name: 'x'.repeat(255) }, LESSON_MESSAGES.nameTooLong],
    [{ name: 'Bad\u0000name' }, LESSON_MESSAGES.nameInvalid],
    [
      { name: 'Segment', curriculum: { type: 'doc', content: [{ type: 'table', children: [] }] } },
      'Unknown block type "table"',
    ],
    [
      {
        name: 'Segment',
        curriculum: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'link', href: 'javascript:alert(1)', content: [] }] }],
        },
      },
      RICH_TEXT_MESSAGES.unsafeLink,
    ],
    [
      {
        name: 'Segment',
        curriculum: { type: 'doc', content: [{ type: 'youtube', props: { url: 'https://vimeo.com/1' } }] },
      },
      RICH_TEXT_MESSAGES.youtube,
    ],
    [
      {
        name: 'Segment',
        curriculum: { type: 'doc', content: [{ type: 'wistia', props: { url: 'https://x.example/medias/1' } }] },
      },
      RICH_TEXT_MESSAGES.wistia,
    ],
    [{ name: 'Segment', curriculum: '<p>html</p>' }, RICH_TEXT_MESSAGES.notADoc],
  ])('refuses %j with its message', async (payload, message) => {
    const lesson = await component();
    const res = await create(lesson.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const seg = (await create(lesson.id, { name: 'Valid' })).json();
    const edit = await patch(seg.id, payload);
    if (Object.keys(payload).length) {
      expect(edit.statusCode).toBe(400);
      expect(edit.json().message).toBe(message);
    }
  });

  it('answers 404 for missing lessons and segments and 409 for another component type', async () => {
    expect((await create(999_999, { name: 'Orphan' })).json()).toEqual({ message: LESSON_MESSAGES.lessonNotFound });
    expect((await patch(999_999, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await reorder(999_999, [])).statusCode).toBe(404);
    const quiz = await component('quiz');
    const refused = await create(quiz.id, { name: 'Not here' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LESSON_MESSAGES.notSegmented);
    expect(
      (await t.request({ method: 'GET', url: `/api/admin/program/${programSlug}/lesson/${quiz.slug}`, cookie }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/admin/program/nope/lesson/nope`, cookie })).json()).toEqual({
      message: LESSON_MESSAGES.lessonNotFound,
    });
  });

  it('needs a signed-in admin', async () => {
    const lesson = await component();
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/admin/program-component/${lesson.id}/lesson-segment`,
          payload: { name: 'Anon' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('deletes segments with their component', async () => {
    const lesson = await component();
    await segments(lesson.id, 2);
    await t.db.deleteFrom('programComponents').where('id', '=', lesson.id).execute();
    expect(await indexes(lesson.id)).toEqual([]);
  });

  it('seeds the demo lesson with valid segments, once', async () => {
    await seedPrograms(t.db);
    expect(await seedLessons(t.db)).toBe(3);
    expect(await seedLessons(t.db)).toBe(0);
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/program/leadership-foundations/lesson/demo-lesson',
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().segments.map((s: { slug: string; index: number }) => [s.slug, s.index])).toEqual([
      ['the-founding', 0],
      ['growing-chapters', 1],
      ['your-part', 2],
    ]);
  });
});
