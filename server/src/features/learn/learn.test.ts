import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARN_MESSAGES } from '@app/contract';
import type { TestApp } from '../../test/helper.js';
import { createQueuedApp } from '../../test/queued-app.js';
import { seedAiChats } from '../../../../scripts/seed/ai-chat.js';
import { seedQuizzesAndSurveys } from '../../../../scripts/seed/quizzes.js';
import { seedAssessments } from '../../../../scripts/seed/assessments.js';
import { seedPrograms } from '../../../../scripts/seed/programs.js';
import { seedLessons } from '../../../../scripts/seed/lessons.js';

const P = 'leadership-foundations';
let t: TestApp;
let member: string;

beforeAll(async () => {
  // A working queue: finishing a program queues its Open Badge (issue 38 §4).
  const q = await createQueuedApp();
  t = { ...q.t, request: ({ cookie = '', ...opts }) => q.request({ cookie, ...opts }), close: q.close };
  await seedQuizzesAndSurveys(t.db);
  await seedAssessments(t.db);
  await seedAiChats(t.db);
  await seedPrograms(t.db);
  await seedLessons(t.db);
  member = await t.signIn({ admin: false, email: 'learner@example.test' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object, cookie = member) =>
  t.request({ method, url: `/api${url}`, payload, cookie });
const learn = (method: Method, path: string, payload?: object, cookie = member) =>
  call(method, `/learn/program/${P}${path}`, payload, cookie);
async function ok(method: Method, path: string, payload?: object, cookie = member) {
  const res = await learn(method, path, payload, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const idOf = (list: Array<{ id: number; answer?: string; option?: string; statement?: string }>, text: string) =>
  list.find((x) => (x.answer ?? x.option ?? x.statement) === text)!.id;

/** The seeded assessment's four questions answered by answer text (see scripts/seed/assessments.ts). */
async function answerAssessment(texts: string[][], cookie = member) {
  for (const [i, chosen] of texts.entries()) {
    const q = await ok('GET', `/assessment/personality-assessment/assess/${i + 1}`, undefined, cookie);
    await ok(
      'POST',
      `/assessment/personality-assessment/assess/${i + 1}`,
      { answerIds: chosen.map((text) => idOf(q.answers, text)) },
      cookie,
    );
  }
  return ok('GET', '/assessment/personality-assessment/outcome', undefined, cookie);
}

describe('learner program API', () => {
  it('answers 401 signed out and 404 for unknown programs, components and questions', async () => {
    expect((await t.request({ method: 'GET', url: `/api/member/program/${P}` })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: `/api/learn/program/${P}` })).statusCode).toBe(401);
    expect((await call('GET', '/member/program/no-such-program')).statusCode).toBe(404);
    expect((await call('GET', '/learn/program/no-such-program/lesson/welcome')).statusCode).toBe(404);
    expect((await learn('GET', '/lesson/no-such-lesson')).statusCode).toBe(404);
    expect((await learn('GET', '/survey/society-basics-check/question/1')).statusCode).toBe(404);
    expect((await learn('GET', '/quiz/society-basics-check/question/99')).statusCode).toBe(404);
    expect((await learn('GET', '/section/999999')).statusCode).toBe(404);
  });

  it('walks the seeded demo program end to end: every component type, XP and finish', async () => {
    const before = (await call('GET', `/member/program/${P}`)).json();
    expect(before.progress).toMatchObject({
      startedAt: null,
      requiredCount: 5,
      completedRequiredCount: 0,
      xpEarned: 0,
    });
    const listed = (await call('GET', '/member/programs')).json();
    expect(listed.find((p: { slug: string }) => p.slug === P)).toMatchObject({
      name: 'Leadership Foundations',
      progress: { percent: 0 },
    });
    const started = await ok('POST', '');
    expect(started.progress.startedAt).not.toBeNull();
    expect(started.sections).toHaveLength(2);
    expect(started.sections.flatMap((s: { components: unknown[] }) => s.components)).toHaveLength(10);
    const section = await ok('GET', `/section/${started.sections[0].slug}`);
    expect(section.components.map((c: { slug: string }) => c.slug)).toContain('welcome');

    // Plain lesson: rich text served as the document and sanitised HTML.
    const welcome = await ok('GET', '/lesson/welcome');
    expect(welcome.curriculum.html).toContain('<p>Welcome!');
    expect(welcome.curriculum.doc.type).toBe('doc');
    expect((await ok('POST', '/lesson/welcome')).component.completedAt).not.toBeNull();

    // Segmented lesson: done when every segment is.
    const lesson = await ok('GET', '/lesson/demo-lesson');
    expect(lesson.segments.length).toBeGreaterThan(0);
    expect((await learn('POST', '/lesson/demo-lesson')).json().message).toBe(LEARN_MESSAGES.segmentsLeft);
    for (const s of lesson.segments) {
      const seg = await ok('GET', `/lesson/demo-lesson/segment/${s.slug}`);
      expect(seg.curriculum.html.length).toBeGreaterThan(0);
      expect((await ok('POST', `/lesson/demo-lesson/segment/${s.slug}`)).done).toBe(true);
    }
    expect((await ok('GET', '/lesson/demo-lesson')).component).toMatchObject({ xpAwarded: 20 });

    // Assessment: introduction, four questions, outcome from the shared scoring function.
    const intro = await ok('GET', '/assessment/personality-assessment/introduction');
    expect(intro).toMatchObject({ questionCount: 4 });
    expect(intro.introduction.html).toContain('Four questions');
    expect((await learn('GET', '/assessment/personality-assessment/outcome')).statusCode).toBe(409);
    // Worked example: Visionary 3+2+0+3 = 8, Coach 1+(1+2)+3+0 = 7, Organizer 0.
    const outcome = await answerAssessment([
      ['Describe what success will look like'],
      ['You inspired me', 'You helped me grow'],
      ['Talk through what got in the way'],
      ['Give the opening talk'],
    ]);
    expect(outcome.outcome.title).toBe('Visionary');
    expect(outcome.decidedBy).toBe('score');
    expect(outcome.totals.map((x: { title: string; total: number }) => [x.title, x.total])).toEqual([
      ['Visionary', 8],
      ['Coach', 7],
      ['Organizer', 0],
    ]);
    expect(outcome.component.completedAt).not.toBeNull();

    // Quiz: per-answer feedback, matcher statements, score = questions right.
    const q1 = await ok('GET', '/quiz/society-basics-check/question/1');
    expect(q1.answers[0]).not.toHaveProperty('correct');
    const wrong = await ok('POST', '/quiz/society-basics-check/question/1', {
      answerIds: [idOf(q1.answers, 'Sports, Music and Art')],
    });
    expect(wrong.correct).toBe(false);
    expect(wrong.answers.find((a: { chosen: boolean }) => a.chosen)).toMatchObject({
      correct: false,
      feedback: 'Not quite: think about what members do.',
    });
    const right = await ok('POST', '/quiz/society-basics-check/question/1', {
      answerIds: [idOf(q1.answers, 'Leadership, Success and Service')],
    });
    expect(right.correct).toBe(true);
    expect(right.answers.find((a: { chosen: boolean }) => a.chosen).feedback).toBe('Yes: the three pillars.');
    const q2 = await ok('GET', '/quiz/society-basics-check/question/2');
    const matches = [
      { statementId: idOf(q2.statements, 'Leads chapter meetings'), answerId: idOf(q2.answers, 'Chapter President') },
      { statementId: idOf(q2.statements, 'Keeps the chapter budget'), answerId: idOf(q2.answers, 'Advisor') },
    ];
    const matched = await ok('POST', '/quiz/society-basics-check/question/2', { matches });
    expect(matched.correct).toBe(false);
    expect(matched.statements.map((s: { correct: boolean }) => s.correct)).toEqual([true, false]);
    expect(matched.statements[1]).toMatchObject({
      correctAnswerText: 'Treasurer',
      feedback: 'Dues and spending go through them.',
    });
    expect(matched.component).toMatchObject({ score: 1, xpAwarded: 10 });
    expect((await learn('POST', '/quiz/society-basics-check/question/1', { answerIds: [999999] })).statusCode).toBe(
      400,
    );

    // Survey: single, multi up to its maximum, sort keeps the order, open ended text.
    const s1 = await ok('GET', '/survey/tell-us-about-you/question/1');
    await ok('POST', '/survey/tell-us-about-you/question/1', { optionIds: [idOf(s1.options, 'A friend')] });
    const s2 = await ok('GET', '/survey/tell-us-about-you/question/2');
    const tooMany = await learn('POST', '/survey/tell-us-about-you/question/2', {
      optionIds: s2.options.map((o: { id: number }) => o.id),
    });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, LEARN_MESSAGES.tooManyChoices]);
    await ok('POST', '/survey/tell-us-about-you/question/2', {
      optionIds: s2.options.slice(0, 2).map((o: { id: number }) => o.id),
    });
    const s3 = await ok('GET', '/survey/tell-us-about-you/question/3');
    const order = ['Community', 'Scholarships', 'Career help'].map((text) => idOf(s3.options, text));
    expect((await ok('POST', '/survey/tell-us-about-you/question/3', { optionIds: order })).answer.optionIds).toEqual(
      order,
    );
    expect((await learn('POST', '/survey/tell-us-about-you/question/4', { text: '  ' })).statusCode).toBe(400);
    const s4 = await ok('POST', '/survey/tell-us-about-you/question/4', { text: 'Friends and a new skill' });
    expect(s4.answer).toEqual({ optionIds: [], text: 'Friends and a new skill' });
    expect(s4.component.completedAt).not.toBeNull();
    expect((await ok('GET', '/survey/tell-us-about-you/question/3')).answer.optionIds).toEqual(order);

    // AI components need a provider (this app has none: learn-ai.test.ts has one); the rest of the program works.
    for (const [kind, slug] of [
      ['feedback', 'reflection-feedback'],
      ['chat', 'leadership-coach-chat'],
      ['goal', 'set-your-goal'],
      ['task', 'plan-your-tasks'],
    ]) {
      const res = await learn('GET', `/${kind}/${slug}`);
      expect([res.statusCode, res.json().message]).toEqual([409, LEARN_MESSAGES.aiNotConfigured]);
    }
    expect((await ok('GET', '/instruction/set-your-goal')).component).toMatchObject({
      required: false,
      aiComponent: true,
    });

    // Calendar event: RSVP through the member calendar, then mark it done.
    const live = await ok('GET', '/calendar-event/live-orientation');
    expect(live.event).toMatchObject({ hasRsvp: false, name: 'Live Orientation' });
    expect(live.fallback).toEqual({ slug: 'welcome', name: 'Welcome to the Society' });
    expect((await learn('POST', '/calendar-event/live-orientation')).json().message).toBe(LEARN_MESSAGES.noRsvp);
    expect((await call('POST', `/member/calendar-events/${live.event.uuid}/rsvp`)).statusCode).toBe(200);
    expect((await ok('POST', '/calendar-event/live-orientation')).event.hasRsvp).toBe(true);

    // Finish and XP: 20 + 15 + 10 + 5 + 25, counted once in total and under each tagged kind.
    expect(await ok('GET', '/finish')).toEqual({ finished: false, finishedAt: null, missing: [] });
    const finished = await ok('POST', '/finish');
    expect(finished.finished).toBe(true);
    const after = (await call('GET', `/member/program/${P}/syllabus`)).json();
    expect(after.progress).toMatchObject({
      finishedAt: finished.finishedAt,
      requiredCount: 5,
      completedRequiredCount: 5,
      percent: 100,
      xpEarned: 75,
    });
    expect(
      Object.fromEntries(after.progress.xpByKind.map((k: { name: string; xp: number }) => [k.name, k.xp])),
    ).toEqual({ Leadership: 25, Scholarship: 30, Service: 30 });
    const xp = await ok('GET', '/xp/society-basics-check');
    expect(xp.awards.map((a: { name: string; xp: number }) => [a.name, a.xp])).toEqual([
      ['Leadership', 10],
      ['Scholarship', 10],
    ]);
    expect(xp.programXp).toBe(75);
  });

  it('refuses to finish with required components missing', async () => {
    const other = await t.signIn({ admin: false, email: 'unfinished@example.test' });
    const res = await learn('POST', '/finish', undefined, other);
    expect([res.statusCode, res.json().message]).toEqual([409, LEARN_MESSAGES.notFinished]);
    expect((await ok('GET', '/finish', undefined, other)).missing).toEqual([
      'welcome',
      'demo-lesson',
      'personality-assessment',
      'society-basics-check',
      'tell-us-about-you',
    ]);
  });

  it('awards XP once when the same posts arrive concurrently', async () => {
    const racer = await t.signIn({ admin: false, email: 'racer@example.test' });
    const { segments } = await ok('GET', '/lesson/demo-lesson', undefined, racer);
    const posts = [...segments, ...segments].map((s: { slug: string }) =>
      learn('POST', `/lesson/demo-lesson/segment/${s.slug}`, undefined, racer),
    );
    expect((await Promise.all(posts)).map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
    await Promise.all([
      learn('POST', '/lesson/demo-lesson', undefined, racer),
      learn('POST', '/lesson/demo-lesson', undefined, racer),
    ]);
    const lesson = await ok('GET', '/lesson/demo-lesson', undefined, racer);
    expect(lesson.segments.every((s: { done: boolean }) => s.done)).toBe(true);
    expect(lesson.component.xpAwarded).toBe(20);
    const xp = await ok('GET', '/xp/demo-lesson', undefined, racer);
    expect(xp.awards).toHaveLength(1);
    expect(xp.programXp).toBe(20);
    const { id: accountId } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'racer@example.test')
      .executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('learningXpAwards').select('xp').where('accountId', '=', accountId).execute();
    expect(rows).toEqual([{ xp: 20 }]);
  });

  it('breaks a tied assessment by the tie-breaker question', async () => {
    const other = await t.signIn({ admin: false, email: 'tied@example.test' });
    // Visionary 3+0+0+3 = 6, Coach 1+2+3+0 = 6: the tie-breaker (the last question) scores Visionary 3, Coach 0.
    const outcome = await answerAssessment(
      [
        ['Describe what success will look like'],
        ['You helped me grow'],
        ['Talk through what got in the way'],
        ['Give the opening talk'],
      ],
      other,
    );
    expect(outcome.outcome.title).toBe('Visionary');
    expect(outcome.decidedBy).toBe('tie-breaker');
  });
});
