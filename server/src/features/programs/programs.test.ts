import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COMPONENT_MESSAGES, PROGRAM_MESSAGES } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { slugOf as sharedSlugOf } from '../../services/slug.js';

const slugOf = (name: string) => sharedSlugOf(name, 'program');

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `/api/admin${url}`, payload, cookie });

async function program(name: string) {
  const res = await call('POST', '/program', { name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; slug: string };
}
async function section(programId: number, name = 'Week One') {
  const res = await call('POST', `/program/${programId}/section`, { name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; index: number };
}
async function component(programId: number, sectionId: number, body: object) {
  const res = await call('POST', `/program/${programId}/section/${sectionId}/component`, {
    componentType: 'lesson',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string; index: number };
}
const order = async (programId: number, sectionId: number) => {
  const detail = (await call('GET', `/program/${programId}`)).json();
  return detail.sections
    .find((s: { id: number }) => s.id === sectionId)
    .components.map((c: { id: number; index: number }) => [c.id, c.index]);
};

describe('programs', () => {
  it('derives a unique slug from the name and finds the program by it', async () => {
    expect(slugOf('Leadership 101!')).toBe('leadership-101');
    const a = await program('Leadership Basics');
    const b = await program('leadership  basics');
    expect([a.slug, b.slug]).toEqual(['leadership-basics', 'leadership-basics-2']);
    const bySlug = await call('GET', '/program/slug/leadership-basics-2');
    expect(bySlug.json()).toMatchObject({ id: b.id, sections: [] });
    expect((await call('GET', '/program/slug/nope')).statusCode).toBe(404);
    const renamed = await call('PATCH', `/program/${a.id}`, { name: 'Leadership Advanced' });
    expect(renamed.json()).toMatchObject({ name: 'Leadership Advanced', slug: 'leadership-basics' });
    const list = (await call('GET', '/programs?search=leadership&sort=name:asc')).json();
    expect(list.items.map((p: { id: number }) => p.id)).toEqual([a.id, b.id]);
  });

  it('gives concurrent programs of one name distinct slugs', async () => {
    const made = await Promise.all([1, 2, 3].map(() => call('POST', '/program', { name: 'Racing Program' })));
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(made.map((r) => r.json().slug).sort()).toEqual(['racing-program', 'racing-program-2', 'racing-program-3']);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'ab' }, 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(255) }, 'Name must be 254 characters or less'],
  ])('refuses program %o', async (body, message) => {
    const res = await call('POST', '/program', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('validates sections and components with the spec wording', async () => {
    const p = await program('Validation Program');
    for (const [body, message] of [
      [{ name: '' }, 'Name is required'],
      [{ name: 'ab' }, 'Name must be at least 3 characters'],
      [{ name: 'y'.repeat(255) }, 'Name must be 254 characters or less'],
    ] as const) {
      const res = await call('POST', `/program/${p.id}/section`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const s = await section(p.id);
    expect(s.index).toBe(999);
    const url = `/program/${p.id}/section/${s.id}/component`;
    for (const [body, message] of [
      [{ componentType: 'lesson', name: 'ab' }, 'Name must be at least 3 characters'],
      [{ componentType: 'lesson', name: 'z'.repeat(255) }, 'Name must be 254 characters or less'],
      [{ name: 'Nameless type' }, 'Component type is required'],
      [{ componentType: 'video', name: 'Bad type' }, 'Component type is required'],
      [{ componentType: 'calendar event', name: 'Live Session' }, COMPONENT_MESSAGES.eventRequired],
      [
        {
          componentType: 'calendar event',
          name: 'Live Session',
          calendarEvent: { eventStart: '2030-01-01T10:00:00Z' },
          calendarHasFallback: true,
        },
        COMPONENT_MESSAGES.fallbackRequired,
      ],
      [{ componentType: 'quiz', name: 'Quiz XP', xp: -1 }, 'XP must be 0 or more'],
    ] as const) {
      const res = await call('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await call('POST', `/program/${p.id}/section/999999/component`, { componentType: 'lesson', name: 'Lost' }))
        .statusCode,
    ).toBe(404);
  });

  it('creates every type with its own links, XP badges and a Learning calendar event', async () => {
    const p = await program('Typed Program');
    const s = await section(p.id);
    const form = (await call('GET', '/program-component/form')).json();
    expect(form.learningXps.map((x: { value: string }) => x.value)).toContain('Leadership');
    expect(form).toMatchObject({ aiFeedbackList: [], aiChatList: [], aiGoalList: [], aiTaskList: [] });
    const xpId = form.learningXps[0].key;
    const lesson = await component(p.id, s.id, { name: 'Intro Lesson', learningXpIds: [xpId], xp: 10, quizId: 5 });
    const full = (await call('GET', `/program-component/${lesson.id}`)).json();
    expect(full).toMatchObject({
      slug: 'intro-lesson',
      learningXps: [],
      xp: 0,
      quizId: null,
      index: 0,
      programSlug: p.slug,
    });
    const quiz = await component(p.id, s.id, {
      componentType: 'quiz',
      name: 'Knowledge Check',
      learningXpIds: [xpId],
      xp: 25,
    });
    expect((await call('GET', `/program-component/${quiz.id}`)).json()).toMatchObject({
      learningXpIds: [xpId],
      xp: 25,
      index: 1,
    });
    const again = await component(p.id, s.id, { name: 'intro lesson' });
    expect(again.slug).toBe('intro-lesson-2');

    const live = await component(p.id, s.id, {
      componentType: 'calendar event',
      name: 'Live Session',
      calendarEvent: { eventStart: '2030-01-01T10:00:00Z', location: 'Zoom' },
    });
    const liveFull = (await call('GET', `/program-component/${live.id}`)).json();
    expect(liveFull).toMatchObject({
      calendarHasFallback: false,
      calendarEvent: { eventStart: '2030-01-01T10:00:00.000Z', location: 'Zoom' },
    });
    const event = await call('GET', `/program-component/${live.id}/calendar-event`);
    expect(event.json()).toMatchObject({ name: 'Live Session', type: 'Learning', programComponent: { id: live.id } });

    const withFallback = await call('PATCH', `/program-component/${live.id}`, {
      name: 'Live Session 2',
      calendarHasFallback: true,
      fallbackId: lesson.id,
    });
    expect(withFallback.json()).toMatchObject({ fallbackId: lesson.id, fallbackToName: 'Intro Lesson' });
    expect((await call('GET', `/program-component/${live.id}/calendar-event`)).json().name).toBe('Live Session 2');
    const self = await call('PATCH', `/program-component/${live.id}`, {
      calendarHasFallback: true,
      fallbackId: live.id,
    });
    expect(self.json().message).toBe(COMPONENT_MESSAGES.fallbackSelf);
    const other = await program('Other Program');
    const otherSection = await section(other.id);
    const foreign = await component(other.id, otherSection.id, { name: 'Foreign Lesson' });
    const outside = await call('PATCH', `/program-component/${live.id}`, {
      calendarHasFallback: true,
      fallbackId: foreign.id,
    });
    expect(outside.json().message).toBe(COMPONENT_MESSAGES.fallbackNotFound);

    const assessment = await component(p.id, s.id, { componentType: 'assessment', name: 'Strengths Test' });
    const renamed = await call('PATCH', `/program-component/${assessment.id}`, { name: 'Another Name' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(COMPONENT_MESSAGES.assessmentNameLocked);
    expect(
      (await call('PATCH', `/program-component/${assessment.id}`, { name: 'Strengths Test', xp: 5 })).statusCode,
    ).toBe(200);
  });

  it('keeps structure rules: no deleting a used section or a fallback target', async () => {
    const p = await program('Structure Program');
    const s = await section(p.id);
    const target = await component(p.id, s.id, { name: 'Async Lesson' });
    const live = await component(p.id, s.id, {
      componentType: 'calendar event',
      name: 'Live Class',
      calendarEvent: { eventStart: '2030-02-01T10:00:00Z' },
      calendarHasFallback: true,
      fallbackId: target.id,
    });
    const detail = (await call('GET', `/program/${p.id}`)).json();
    expect(detail.sections[0].components[0].fallbackFor).toEqual([{ id: live.id, name: 'Live Class' }]);

    const sectionRefused = await call('DELETE', `/program-section/${s.id}`);
    expect(sectionRefused.statusCode).toBe(409);
    expect(sectionRefused.json().message).toBe(PROGRAM_MESSAGES.sectionHasComponents);
    const targetRefused = await call('DELETE', `/program-component/${target.id}`);
    expect(targetRefused.statusCode).toBe(409);
    expect(targetRefused.json().message).toBe(COMPONENT_MESSAGES.isFallback);

    expect((await call('DELETE', `/program-component/${live.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/program-component/${live.id}/calendar-event`)).statusCode).toBe(404);
    expect((await call('DELETE', `/program-component/${target.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/program-section/${s.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/program-section/${s.id}`)).statusCode).toBe(404);
  });

  it('deletes a whole program with its sections, fallbacks and events', async () => {
    const p = await program('Doomed Program');
    const s = await section(p.id);
    const target = await component(p.id, s.id, { name: 'Async Lesson' });
    await component(p.id, s.id, {
      componentType: 'calendar event',
      name: 'Live',
      calendarEvent: { eventStart: '2030-02-01T10:00:00Z' },
      calendarHasFallback: true,
      fallbackId: target.id,
    });
    expect((await call('DELETE', `/program/${p.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/program/${p.id}`)).statusCode).toBe(404);
  });

  it('reorders densely, moves between sections and refuses an order that does not fit', async () => {
    const p = await program('Order Program');
    const s1 = await section(p.id, 'First Section');
    const s2 = await section(p.id, 'Second Section');
    const [a, b, c] = [
      await component(p.id, s1.id, { name: 'Alpha' }),
      await component(p.id, s1.id, { name: 'Bravo' }),
      await component(p.id, s1.id, { name: 'Charlie' }),
    ];
    const d = await component(p.id, s2.id, { name: 'Delta' });
    const url = `/program/${p.id}/component/index`;
    const res = await call('PATCH', url, { entityIds: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(await order(p.id, s1.id)).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);

    const partial = await call('PATCH', url, { entityIds: [a.id, b.id] });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toBe(COMPONENT_MESSAGES.orderMismatch);
    expect((await call('PATCH', url, { entityIds: [a.id, a.id, b.id] })).json().message).toBe(
      COMPONENT_MESSAGES.orderMismatch,
    );
    expect((await call('PATCH', url, { entityIds: [] })).statusCode).toBe(400);

    // Move Alpha into the second section, before Delta: the first section closes the gap.
    expect((await call('PATCH', url, { sectionId: s2.id, entityIds: [a.id, d.id] })).statusCode).toBe(200);
    expect(await order(p.id, s2.id)).toEqual([
      [a.id, 0],
      [d.id, 1],
    ]);
    expect(await order(p.id, s1.id)).toEqual([
      [c.id, 0],
      [b.id, 1],
    ]);

    await call('DELETE', `/program-component/${c.id}`);
    expect(await order(p.id, s1.id)).toEqual([[b.id, 0]]);
  });

  it('stays dense and stable under two concurrent reorders', async () => {
    const p = await program('Concurrent Program');
    const s = await section(p.id);
    const ids: number[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
      ids.push((await component(p.id, s.id, { name: `Part ${name}` })).id);
    const url = `/program/${p.id}/component/index`;
    for (let round = 0; round < 5; round++) {
      const first = [...ids].reverse();
      const second = [ids[2]!, ids[0]!, ids[4]!, ids[1]!, ids[3]!];
      const results = await Promise.all([
        call('PATCH', url, { entityIds: first }),
        call('PATCH', url, { entityIds: second }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const now = await order(p.id, s.id);
      expect(now.map(([, index]: [number, number]) => index)).toEqual([0, 1, 2, 3, 4]);
      const got = now.map(([id]: [number, number]) => id);
      // One of the two orders won whole: never a mix of both.
      expect([JSON.stringify(first), JSON.stringify(second)]).toContain(JSON.stringify(got));
    }
  });

  it('offers the quizzes, surveys and AI video templates in the dialog and links a quiz', async () => {
    await sql`insert into quizzes (name) values ('Basics Quiz')`.execute(t.db);
    await sql`insert into surveys (name) values ('Intake Survey')`.execute(t.db);
    await sql`insert into ai_video_templates (name, external_id) values ('Welcome Video', 'ext-1')`.execute(t.db);
    const form = (await call('GET', '/program-component/form')).json();
    expect(form.quizList).toEqual([{ key: expect.any(Number), value: 'Basics Quiz' }]);
    expect(form.surveyList).toEqual([{ key: expect.any(Number), value: 'Intake Survey' }]);
    expect(form.aiVideoTemplateList).toEqual([{ key: expect.any(Number), value: 'Welcome Video' }]);
    const p = await program('Linked Program');
    const s = await section(p.id);
    const quiz = await component(p.id, s.id, {
      componentType: 'quiz',
      name: 'Linked Quiz',
      quizId: form.quizList[0].key,
    });
    expect((await call('GET', `/program-component/${quiz.id}`)).json().quizId).toBe(form.quizList[0].key);
    const missing = await call('POST', `/program/${p.id}/section/${s.id}/component`, {
      componentType: 'quiz',
      name: 'Ghost Quiz',
      quizId: 999999,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('needs a signed-in admin', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/programs' })).statusCode).toBe(401);
  });
});
