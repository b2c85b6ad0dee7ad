import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { useInProgram } from '../../test/fixtures.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const url = '/api/admin/quiz';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.request({ method, url: `${url}${path}`, payload, cookie });
const newQuiz = async (name = 'Chapter basics') => (await call('POST', '', { name })).json().id as number;

const single = {
  question: 'Which year was the society founded?',
  type: 'single select',
  answers: [
    { answer: '1994', correct: true, feedback: 'Right: in 1994.' },
    { answer: '2001', correct: false },
    { answer: '1989', correct: false, feedback: '' },
  ],
};
const matcher = {
  question: 'Match each officer with their duty',
  type: 'matcher',
  answers: [{ answer: 'President' }, { answer: 'Treasurer' }, { answer: 'Secretary' }],
  statements: [
    { statement: 'Keeps the minutes', feedback: '', answerText: 'Secretary' },
    { statement: 'Runs the budget', feedback: 'The money person', answerText: 'Treasurer' },
  ],
};

describe('quizzes', () => {
  it('creates, lists (question count, last updated), renames and reads a quiz', async () => {
    const created = await call('POST', '', { name: '  Orientation quiz ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Orientation quiz', questions: [], usedBy: [] });
    const id = created.json().id;
    expect((await call('POST', `/${id}/questions`, single)).statusCode).toBe(201);
    const list = (await call('GET', '?search=orientation')).json();
    expect(list.items).toEqual([expect.objectContaining({ id, name: 'Orientation quiz', questionCount: 1 })]);
    expect(list.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
    const renamed = await call('PATCH', `/${id}`, { name: 'Orientation Quiz 2' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Orientation Quiz 2', questions: [{ index: 0 }] });
    const sorted = (await call('GET', '?sort=questionCount:desc')).json();
    expect(sorted.items[0].id).toBe(id);
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: '  ' }, 'Name is required'],
    [{ name: 'ab' }, 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(255) }, 'Name must be 254 characters or less'],
  ])('refuses the name of %o with its message', async (payload, message) => {
    const res = await call('POST', '', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await call('PATCH', `/${await newQuiz()}`, payload)).json().message).toBe(message);
  });

  it('saves a single-select question with its answers and feedback (blank feedback is null)', async () => {
    const id = await newQuiz();
    const res = await call('POST', `/${id}/questions`, single);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      index: 0,
      type: 'single select',
      maxChosenAnswers: null,
      answers: [
        { answer: '1994', correct: true, feedback: 'Right: in 1994.', outcomeId: null },
        { answer: '2001', correct: false, feedback: null },
        { answer: '1989', correct: false, feedback: null },
      ],
      quizQuestionStatements: [],
    });
  });

  it('saves a matcher: statements come back as quizQuestionStatements with the matched answer text', async () => {
    const id = await newQuiz();
    const q = (await call('POST', `/${id}/questions`, matcher)).json();
    expect(q.quizQuestionStatements).toEqual([
      {
        id: expect.any(Number),
        statement: 'Keeps the minutes',
        feedback: null,
        answerId: q.answers[2].id,
        answerText: 'Secretary',
      },
      {
        id: expect.any(Number),
        statement: 'Runs the budget',
        feedback: 'The money person',
        answerId: q.answers[1].id,
        answerText: 'Treasurer',
      },
    ]);
    expect((await call('GET', `/${id}`)).json().questions[0].quizQuestionStatements[1].answerText).toBe('Treasurer');
  });

  it.each([
    [{ question: 'ab' }, 'Question must be at least 3 characters'],
    [{ question: 'q'.repeat(512) }, 'Question must be 511 characters or less'],
    [{ type: 'essay' }, 'Type is required'],
    [{ answers: [{ answer: 'ab', correct: true }, { answer: 'Two' }] }, 'Answer must be at least 3 characters'],
    [
      { answers: [{ answer: 'a'.repeat(512), correct: true }, { answer: 'Two' }] },
      'Answer must be 511 characters or less',
    ],
    [
      { answers: [{ answer: 'One', correct: true, feedback: 'ok' }, { answer: 'Two' }] },
      'Feedback must be at least 3 characters',
    ],
    [
      { answers: [{ answer: 'One', correct: true, feedback: 'f'.repeat(256) }, { answer: 'Two' }] },
      'Feedback must be 255 characters or less',
    ],
    [{ answers: [{ answer: 'One', correct: true }] }, 'Add at least 2 answers'],
    [{ answers: [{ answer: 'One', correct: true }, { answer: 'one' }] }, 'Each answer must be different'],
    [{ answers: [{ answer: 'One' }, { answer: 'Two' }] }, 'Mark one answer as correct'],
    [
      {
        answers: [
          { answer: 'One', correct: true },
          { answer: 'Two', correct: true },
        ],
      },
      'Only one answer can be correct in a single select question',
    ],
    [{ statements: matcher.statements }, 'Only matcher questions have statements'],
    [{ type: 'open ended' }, 'Open ended questions have no answers'],
    [{ type: 'multi select', answers: [{ answer: 'One' }, { answer: 'Two' }] }, 'Mark at least one answer as correct'],
    [{ type: 'multi select', maxChosenAnswers: 0 }, 'Maximum answers to choose must be 1 or more'],
    [
      { type: 'multi select', answers: [{ answer: 'One', correct: true }, { answer: 'Two' }], maxChosenAnswers: 3 },
      'Maximum answers to choose cannot be more than the number of answers',
    ],
  ])('refuses a question with %o', async (patch, message) => {
    const res = await call('POST', `/${await newQuiz()}/questions`, { ...single, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [{ statements: [] }, 'Add at least 1 statement'],
    [
      { statements: [{ statement: 'Keeps the minutes', answerText: 'Chair' }] },
      'The matching answer must be one of the answers',
    ],
    [{ statements: [{ statement: 'Keeps the minutes', answerText: '' }] }, 'Matching answer is required'],
    [{ statements: [{ statement: 'ab', answerText: 'Secretary' }] }, 'Statement must be at least 3 characters'],
    [
      { statements: [{ statement: 'Keeps', feedback: 'f'.repeat(256), answerText: 'Secretary' }] },
      'Feedback must be 255 characters or less',
    ],
    [
      { statements: [{ statement: 's'.repeat(512), answerText: 'Secretary' }] },
      'Statement must be 511 characters or less',
    ],
  ])('refuses a matcher with %o', async (patch, message) => {
    const res = await call('POST', `/${await newQuiz()}/questions`, { ...matcher, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0].path[0]).toBe('body');
  });

  it('keeps all five kinds in the data model: open ended has no answers, multi select keeps its limit', async () => {
    const id = await newQuiz();
    expect(
      (await call('POST', `/${id}/questions`, { question: 'Why did you join?', type: 'open ended' })).json(),
    ).toMatchObject({ answers: [], maxChosenAnswers: null });
    const multi = {
      question: 'Pick the values',
      type: 'multi select',
      maxChosenAnswers: 2,
      answers: [{ answer: 'Honor', correct: true }, { answer: 'Greed' }, { answer: 'Service', correct: true }],
    };
    expect((await call('POST', `/${id}/questions`, multi)).json()).toMatchObject({ index: 1, maxChosenAnswers: 2 });
    const sort = {
      question: 'Order the steps',
      type: 'sort',
      maxChosenAnswers: 2,
      answers: [{ answer: 'Pledge' }, { answer: 'Pay' }],
    };
    expect((await call('POST', `/${id}/questions`, sort)).json()).toMatchObject({ index: 2, maxChosenAnswers: null });
  });

  it('updates a question: rows sent with their id keep it, others are added, missing ones deleted', async () => {
    const id = await newQuiz();
    const q = (await call('POST', `/${id}/questions`, matcher)).json();
    const [president, treasurer] = q.answers;
    const res = await call('PATCH', `/${id}/questions/${q.id}`, {
      ...matcher,
      question: 'Match the officers',
      answers: [
        { id: treasurer.id, answer: 'Treasurer' },
        { id: president.id, answer: 'Chapter President' },
        { answer: 'Advisor' },
      ],
      statements: [
        { id: q.quizQuestionStatements[1].id, statement: 'Runs the budget', answerText: 'Treasurer' },
        { statement: 'Leads meetings', answerText: 'Chapter President' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.question).toBe('Match the officers');
    expect(saved.answers.map((a: any) => a.answer)).toEqual(['Treasurer', 'Chapter President', 'Advisor']);
    expect(saved.answers.slice(0, 2).map((a: any) => a.id)).toEqual([treasurer.id, president.id]);
    expect(saved.quizQuestionStatements).toEqual([
      expect.objectContaining({ id: q.quizQuestionStatements[1].id, answerId: treasurer.id, answerText: 'Treasurer' }),
      expect.objectContaining({ statement: 'Leads meetings', answerId: president.id, answerText: 'Chapter President' }),
    ]);
    expect(await t.db.selectFrom('quizAnswers').select('id').where('questionId', '=', q.id).execute()).toHaveLength(3);
    expect((await call('PATCH', `/${id}/questions/999999`, matcher)).statusCode).toBe(404);
    const other = await newQuiz();
    expect((await call('PATCH', `/${other}/questions/${q.id}`, matcher)).statusCode).toBe(404);
  });

  it('numbers questions densely: a delete closes the gap, concurrent adds never share an index', async () => {
    const id = await newQuiz();
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', `/${id}/questions`, { ...single, question: `Question ${i}` })),
    );
    let quiz = (await call('GET', `/${id}`)).json();
    expect(quiz.questions.map((q: any) => q.index)).toEqual([0, 1, 2, 3, 4, 5]);
    const [, second, third] = quiz.questions;
    const results = await Promise.all([
      call('DELETE', `/${id}/questions/${second.id}`),
      call('DELETE', `/${id}/questions/${third.id}`),
      call('POST', `/${id}/questions`, single),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 201]);
    quiz = (await call('GET', `/${id}`)).json();
    expect(quiz.questions.map((q: any) => q.index)).toEqual([0, 1, 2, 3, 4]);
    expect(quiz.questions.map((q: any) => q.id)).not.toContain(second.id);
    expect((await call('DELETE', `/${id}/questions/${second.id}`)).statusCode).toBe(404);
  });

  it('reorders questions; concurrent reorders and deletes keep the order dense; a stale order is a 409', async () => {
    const id = await newQuiz();
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4])
      ids.push((await call('POST', `/${id}/questions`, { ...single, question: `Question ${n}` })).json().id);
    const res = await call('PATCH', `/${id}/questions/index`, { entityIds: [ids[3], ids[0], ids[2], ids[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().questions.map((q: any) => [q.id, q.index])).toEqual([
      [ids[3], 0],
      [ids[0], 1],
      [ids[2], 2],
      [ids[1], 3],
    ]);
    const stale = await call('PATCH', `/${id}/questions/index`, { entityIds: [ids[0], ids[1], ids[2]] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The questions have changed since this page was loaded: reload and try again');
    expect(
      (await call('PATCH', `/${id}/questions/index`, { entityIds: [ids[0], ids[0], ids[1], ids[2]] })).json().message,
    ).toBe('entityIds must name each question once');
    expect((await call('PATCH', `/${id}/questions/index`, {})).json().message).toBe('entityIds is required');
    expect((await call('PATCH', '/999999/questions/index', { entityIds: [] })).statusCode).toBe(404);
    const orders = [[...ids].reverse(), ids, [ids[1], ids[3], ids[0], ids[2]]];
    const results = await Promise.all([
      ...orders.map((entityIds) => call('PATCH', `/${id}/questions/index`, { entityIds })),
      call('DELETE', `/${id}/questions/${ids[2]}`),
    ]);
    expect(results.map((r) => r.statusCode).filter((c) => c !== 200 && c !== 409 && c !== 204)).toEqual([]);
    const after = (await call('GET', `/${id}`)).json().questions;
    expect(after.map((q: any) => q.index)).toEqual([0, 1, 2]);
  });

  it('deletes a quiz with its questions; 404 after', async () => {
    const id = await newQuiz();
    await call('POST', `/${id}/questions`, matcher);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${id}`)).json()).toEqual({ message: 'Quiz not found' });
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await call('POST', `/${id}/questions`, single)).statusCode).toBe(404);
  });

  it('refuses to delete a quiz a program component uses (409)', async () => {
    const id = await newQuiz('Used quiz');
    await useInProgram(t.db, 'quiz', id, ['Leadership 101', 'Check-in']);
    expect((await call('GET', `/${id}`)).json().usedBy).toEqual([
      { id: expect.any(Number), name: 'Check-in', programName: 'Leadership 101' },
    ]);
    const res = await call('DELETE', `/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This quiz is used by a program component and cannot be deleted');
  });

  it('answers 404 for a missing quiz, 400 for a bad id, 401 without a session', async () => {
    expect((await call('GET', '/999999')).statusCode).toBe(404);
    expect((await call('PATCH', '/999999', { name: 'Missing' })).statusCode).toBe(404);
    expect((await call('GET', '/abc')).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const member = await t.signIn({ admin: false });
    expect((await t.request({ method: 'GET', url, cookie: member })).statusCode).toBe(403);
  });
});
