import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES, MAX_ASSESSMENT_OUTCOMES, scoreAssessment, type Assessment } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { useInProgram } from '../../test/fixtures.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const url = '/api/admin/assessments';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.request({ method, url: `${url}${path}`, payload, cookie });
const doc = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Find your leadership style.' }] }],
};

/** An assessment with outcomes A, B, C and two questions of three answers each (no scores yet). */
async function makeAssessment(title = 'Leadership Style'): Promise<Assessment> {
  const { id } = (await call('POST', '', { title })).json();
  for (const name of ['Visionary', 'Coach', 'Pacesetter'])
    await call('POST', `/${id}/outcome`, { title: name, description: `${name} leader` });
  const outcomes = (await call('GET', `/${id}`)).json().outcomes as Assessment['outcomes'];
  for (const q of ['How do you start a project?', 'What matters most?']) {
    await call('POST', `/${id}/questions`, {
      question: q,
      type: 'single select',
      answers: outcomes.map((o) => ({ answer: `By being a ${o.title}`, outcomeId: o.id })),
    });
  }
  return (await call('GET', `/${id}`)).json();
}

describe('assessments', () => {
  it('creates with a title and a rich-text introduction, lists with counts, searches and sorts', async () => {
    const res = await call('POST', '', { title: 'Strengths Finder', introduction: doc });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Strengths Finder',
      introduction: doc,
      outcomes: [],
      questions: [],
      tieBreakerQuestion: null,
      componentCount: 0,
    });
    const a = await makeAssessment('Team Role');
    const list = (await call('GET', '?search=team%20role')).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        id: a.id,
        title: 'Team Role',
        outcomeCount: 3,
        questionCount: 2,
        componentCount: 0,
        updatedBy: 'Ada Tester',
      }),
    ]);
    const sorted = (await call('GET', '?sort=questionCount:desc&pageSize=1')).json();
    expect(sorted.items[0].questionCount).toBe(2);
    expect(sorted.pagination).toMatchObject({ perPage: 1, hasNextPage: true });
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(255) }, 'Title must be 254 characters or less'],
    [{ title: 'Ok', introduction: { type: 'text' } }, undefined],
  ])('refuses %o with a clear message', async (payload, message) => {
    const res = await call('POST', '', payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    else expect(res.json().message).toEqual(expect.any(String));
  });

  it('patches the title or the introduction alone', async () => {
    const { id } = (await call('POST', '', { title: 'Draft', introduction: doc })).json();
    const renamed = await call('PATCH', `/${id}`, { title: 'Final' });
    expect(renamed.json()).toMatchObject({ title: 'Final', introduction: doc });
    const cleared = await call('PATCH', `/${id}`, { introduction: null });
    expect(cleared.json()).toMatchObject({ title: 'Final', introduction: null });
    expect((await call('PATCH', '/999999', { title: 'Nope' })).statusCode).toBe(404);
    expect((await call('GET', '/999999')).json().message).toBe('Assessment not found');
  });

  it('adds, edits and deletes outcomes, at most 11 (12 matrix columns)', async () => {
    const { id } = (await call('POST', '', { title: 'Outcomes' })).json();
    const added = await call('POST', `/${id}/outcome`, { title: 'Thinker', description: '' });
    expect(added.statusCode).toBe(201);
    const [thinker] = added.json().outcomes;
    expect(thinker).toMatchObject({ title: 'Thinker', description: null });
    expect((await call('POST', `/${id}/outcome`, { description: 'no title' })).json().message).toBe(
      'Title is required',
    );
    const edited = await call('PATCH', `/${id}/outcome/${thinker.id}`, { description: 'Likes ideas' });
    expect(edited.json().outcomes[0]).toMatchObject({ title: 'Thinker', description: 'Likes ideas' });
    for (let i = 2; i <= MAX_ASSESSMENT_OUTCOMES; i++)
      expect((await call('POST', `/${id}/outcome`, { title: `Type ${i}` })).statusCode).toBe(201);
    const full = await call('POST', `/${id}/outcome`, { title: 'One too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(ASSESSMENT_MESSAGES.tooManyOutcomes);
    expect((await call('DELETE', `/${id}/outcome/${thinker.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${id}/outcome/${thinker.id}`)).statusCode).toBe(404);
    const other = await makeAssessment('Other');
    expect((await call('PATCH', `/${id}/outcome/${other.outcomes[0]!.id}`, { title: 'Stolen' })).statusCode).toBe(404);
  });

  it('adds questions in order with answers pointing at outcomes; the badge outcome is the top score', async () => {
    const a = await makeAssessment();
    expect(a.questions.map((q) => q.index)).toEqual([0, 1]);
    const [q1] = a.questions;
    expect(q1!.answers.map((ans) => ans.outcomeId)).toEqual(a.outcomes.map((o) => o.id));
    expect(q1!.answers[0]!.scores).toEqual([expect.objectContaining({ outcomeId: a.outcomes[0]!.id, score: 1 })]);
  });

  it.each([
    [
      { question: 'ab', type: 'single select', answers: [{ answer: 'Yes' }, { answer: 'No!' }] },
      'Question must be at least 3 characters',
    ],
    [
      { question: 'Fine?', type: 'sort', answers: [{ answer: 'Yes' }, { answer: 'No!' }] },
      'Type must be single select or multi select',
    ],
    [{ question: 'Fine?', type: 'multi select', answers: [{ answer: 'Yes' }] }, 'Add at least 2 answers'],
    [{ question: 'Fine?', type: 'multi select', answers: [{ answer: '' }, { answer: 'No!' }] }, 'Answer is required'],
    [
      { question: 'Fine?', type: 'multi select', answers: [{ answer: 'x'.repeat(512) }, { answer: 'No!' }] },
      'Answer must be 511 characters or less',
    ],
    [
      { question: 'Fine?', type: 'multi select', answers: [{ answer: 'Yes', outcomeId: 999999 }, { answer: 'No!' }] },
      ASSESSMENT_MESSAGES.outcomeNotHere,
    ],
  ])('refuses the question %o', async (payload, message) => {
    const { id } = (await call('POST', '', { title: 'Bad questions' })).json();
    const res = await call('POST', `/${id}/questions`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('edits a question: kept answers by id, new ones added, left-out ones deleted; moving an answer moves its score', async () => {
    const a = await makeAssessment();
    const q = a.questions[0]!;
    const [first, second] = q.answers;
    const [visionary, coach, pacesetter] = a.outcomes;
    const res = await call('PATCH', `/${a.id}/questions/${q.id}`, {
      type: 'multi select',
      answers: [
        { id: second!.id, answer: 'Second, now first', outcomeId: coach!.id },
        { id: first!.id, answer: 'First, now for pacesetters', outcomeId: pacesetter!.id },
        { answer: 'A brand new answer' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const changed = res.json().questions[0];
    expect(changed).toMatchObject({ question: q.question, type: 'multi select' });
    expect(changed.answers.map((x: any) => [x.answer, x.outcomeId])).toEqual([
      ['Second, now first', coach!.id],
      ['First, now for pacesetters', pacesetter!.id],
      ['A brand new answer', null],
    ]);
    expect(changed.answers[0].id).toBe(second!.id);
    void visionary;
    const foreign = await call('PATCH', `/${a.id}/questions/${q.id}`, {
      answers: [{ id: a.questions[1]!.answers[0]!.id, answer: 'Not mine' }, { answer: 'Mine' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(ASSESSMENT_MESSAGES.answerNotOfQuestion);
  });

  it('deletes a question and closes the gap in the order', async () => {
    const a = await makeAssessment();
    await call('POST', `/${a.id}/questions`, {
      question: 'Third one?',
      type: 'single select',
      answers: [{ answer: 'Yes' }, { answer: 'Nope' }],
    });
    expect((await call('DELETE', `/${a.id}/questions/${a.questions[0]!.id}`)).statusCode).toBe(204);
    const after = (await call('GET', `/${a.id}`)).json() as Assessment;
    expect(after.questions.map((q) => [q.question, q.index])).toEqual([
      ['What matters most?', 0],
      ['Third one?', 1],
    ]);
    expect((await call('DELETE', `/${a.id}/questions/${a.questions[0]!.id}`)).statusCode).toBe(404);
  });

  it('keeps the question order dense under concurrent adds and deletes', async () => {
    const a = await makeAssessment();
    const add = (n: number) =>
      call('POST', `/${a.id}/questions`, {
        question: `Concurrent ${n}`,
        type: 'single select',
        answers: [{ answer: 'Yes' }, { answer: 'Nope' }],
      });
    const results = await Promise.all([
      add(1),
      add(2),
      call('DELETE', `/${a.id}/questions/${a.questions[0]!.id}`),
      add(3),
      add(4),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 204]);
    const after = (await call('GET', `/${a.id}`)).json() as Assessment;
    expect(after.questions.map((q) => q.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('saves the score matrix and the tie-breaker; scores >= 0; everything must belong to this assessment', async () => {
    const a = await makeAssessment();
    const [q1, q2] = a.questions;
    const [o1, o2] = a.outcomes;
    const cell = (answerId: number, outcomeId: number, score: number) => ({ answerId, outcomeId, score });
    const res = await call('PATCH', `/${a.id}/scores`, {
      tieBreakerQuestionId: q2!.id,
      scores: [
        cell(q1!.answers[0]!.id, o2!.id, 3),
        cell(q1!.answers[1]!.id, o1!.id, 0),
        cell(q2!.answers[2]!.id, o1!.id, 2),
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as Assessment;
    expect(saved.tieBreakerQuestion).toEqual({ id: q2!.id });
    expect(saved.questions[0]!.answers[0]!.outcomeId).toBe(o2!.id);
    expect(saved.questions[0]!.answers[0]!.scores).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcomeId: o1!.id, score: 1 }),
        expect.objectContaining({ outcomeId: o2!.id, score: 3 }),
      ]),
    );
    expect(saved.scores.find((s) => s.answerId === q1!.answers[1]!.id && s.outcomeId === o1!.id)?.score).toBe(0);

    const bad = async (payload: object) => {
      const r = await call('PATCH', `/${a.id}/scores`, payload);
      expect(r.statusCode).toBe(400);
      return r.json().message as string;
    };
    expect(await bad({ tieBreakerQuestionId: null, scores: [cell(q1!.answers[0]!.id, o1!.id, -1)] })).toBe(
      'Score must be 0 or more',
    );
    expect(await bad({ tieBreakerQuestionId: null, scores: [cell(q1!.answers[0]!.id, o1!.id, 1.5)] })).toBe(
      'Score must be a whole number',
    );
    expect(
      await bad({
        tieBreakerQuestionId: null,
        scores: [{ answerId: q1!.answers[0]!.id, outcomeId: o1!.id, score: '2' }],
      }),
    ).toBe('Score must be a number');
    expect(
      await bad({
        tieBreakerQuestionId: null,
        scores: [cell(q1!.answers[0]!.id, o1!.id, 1), cell(q1!.answers[0]!.id, o1!.id, 2)],
      }),
    ).toBe(ASSESSMENT_MESSAGES.scoredTwice);
    const other = await makeAssessment('Another');
    expect(await bad({ tieBreakerQuestionId: other.questions[0]!.id, scores: [] })).toBe(
      ASSESSMENT_MESSAGES.tieBreakerNotHere,
    );
    expect(
      await bad({ tieBreakerQuestionId: null, scores: [cell(other.questions[0]!.answers[0]!.id, o1!.id, 1)] }),
    ).toBe(ASSESSMENT_MESSAGES.answerNotHere);
    expect(
      await bad({ tieBreakerQuestionId: null, scores: [cell(q1!.answers[0]!.id, other.outcomes[0]!.id, 1)] }),
    ).toBe(ASSESSMENT_MESSAGES.outcomeNotHere);
    // Nothing of the refused saves was kept.
    expect(((await call('GET', `/${a.id}`)).json() as Assessment).tieBreakerQuestion).toEqual({ id: q2!.id });

    // The scored assessment gives its outcome through the one scoring function.
    const after = (await call('GET', `/${a.id}`)).json() as Assessment;
    expect(scoreAssessment(after, [q1!.answers[0]!.id, q2!.answers[0]!.id]).outcomeId).toBe(o2!.id);

    // Deleting the tie-breaker question leaves the assessment without one.
    await call('DELETE', `/${a.id}/questions/${q2!.id}`);
    expect(((await call('GET', `/${a.id}`)).json() as Assessment).tieBreakerQuestion).toBeNull();
  });

  it('deletes an assessment with everything in it, but not while a program component uses it', async () => {
    const a = await makeAssessment('To delete');
    expect((await call('DELETE', `/${a.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${a.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/${a.id}`)).statusCode).toBe(404);

    const used = await makeAssessment('Used');
    await useInProgram(t.db, 'assessment', used.id, ['Program', 'Style check']);
    const refused = await call('DELETE', `/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASSESSMENT_MESSAGES.inUse);
    expect((await call('GET', `/${used.id}`)).json().componentCount).toBe(1);
    expect((await call('GET', `?search=used`)).json().items[0].componentCount).toBe(1);
  });

  it('answers 401 signed out and 403 to a member', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const member = await t.signIn({ admin: false });
    expect((await t.request({ method: 'GET', url, cookie: member })).statusCode).toBe(403);
  });
});
