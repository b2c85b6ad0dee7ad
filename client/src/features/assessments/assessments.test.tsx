import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Assessment, AssessmentListItem } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { isLocked, signInWith } from '../../test/permissions';

const at = '2026-11-20T10:00:00.000Z';
const row = (over: Partial<AssessmentListItem>): AssessmentListItem => ({
  id: 1,
  title: 'Leadership Style',
  outcomeCount: 2,
  questionCount: 2,
  componentCount: 0,
  createdAt: at,
  updatedAt: at,
  updatedBy: 'Ada Tester',
  ...over,
});

// Outcomes Visionary (1) and Coach (2); questions 10 and 20 (the tie-breaker). 'With a talk' + 'Speaker' tie at 1 / 1.
const score = (id: number, answerId: number, outcomeId: number, value: number) => ({
  id,
  answerId,
  outcomeId,
  score: value,
});
const scores = [score(1, 101, 1, 2), score(2, 102, 2, 1), score(3, 201, 1, 1), score(4, 202, 2, 1)];
const assessment: Assessment = {
  id: 1,
  title: 'Leadership Style',
  introduction: null,
  outcomes: [
    { id: 1, title: 'Visionary', description: 'Sees ahead' },
    { id: 2, title: 'Coach', description: null },
  ],
  questions: [
    {
      id: 10,
      question: 'How do you start?',
      type: 'single select',
      index: 0,
      answers: [
        { id: 101, answer: 'With a vision', outcomeId: 1, scores: scores.filter((s) => s.answerId === 101) },
        { id: 102, answer: 'With a talk', outcomeId: 2, scores: scores.filter((s) => s.answerId === 102) },
      ],
    },
    {
      id: 20,
      question: 'Pick a role',
      type: 'single select',
      index: 1,
      answers: [
        { id: 201, answer: 'Speaker', outcomeId: 1, scores: scores.filter((s) => s.answerId === 201) },
        { id: 202, answer: 'Mentor', outcomeId: 2, scores: scores.filter((s) => s.answerId === 202) },
      ],
    },
  ],
  scores,
  tieBreakerQuestion: { id: 20 },
  componentCount: 0,
  createdAt: at,
  updatedAt: at,
};

let listUrls: URL[];
let scoreBodies: any[];
let questionBodies: any[];
beforeEach(() => {
  listUrls = [];
  scoreBodies = [];
  questionBodies = [];
  mockServer.use(
    http.get('/api/admin/assessments', ({ request }) => {
      listUrls.push(new URL(request.url));
      return HttpResponse.json(
        pageOf([row({}), row({ id: 2, title: 'Team Role', outcomeCount: 4, questionCount: 9, componentCount: 1 })]),
      );
    }),
    http.get('/api/admin/assessments/:id', () => HttpResponse.json(assessment)),
    http.post('/api/admin/assessments/:id/questions', async ({ request }) => {
      questionBodies.push(await request.json());
      return HttpResponse.json(assessment, { status: 201 });
    }),
    http.patch('/api/admin/assessments/:id/scores', async ({ request }) => {
      scoreBodies.push(await request.json());
      return HttpResponse.json(assessment);
    }),
  );
});

describe('/admin/learning/assessments', () => {
  it('lists title, outcome and question counts; an assessment a program uses cannot be deleted', async () => {
    renderRoute('/admin/learning/assessments?sort=title:asc');
    const used = (await screen.findByRole('link', { name: 'Team Role' }, slow)).closest('tr')!;
    expect(within(used).getByText('4')).toBeTruthy();
    expect(within(used).getByText('9')).toBeTruthy();
    expect((within(used).getByRole('button', { name: 'Delete Team Role' }) as HTMLButtonElement).disabled).toBe(true);
    const free = screen.getByRole('link', { name: 'Leadership Style' }).closest('tr')!;
    await userEvent.click(within(free).getByRole('button', { name: 'Delete Leadership Style' }));
    expect(await screen.findByText(/This action cannot be undone/, {}, slow)).toBeTruthy();
    expect(listUrls.at(-1)!.searchParams.get('sort')).toBe('title:asc');
  });

  it('shows the score matrix, previews the outcome with the tie-breaker, and saves edited scores', async () => {
    renderRoute('/admin/learning/assessments/1?tab=Score%20Matrix');
    const matrix = await screen.findByRole('region', { name: 'Score matrix' }, slow);
    expect(within(matrix).getByRole('columnheader', { name: 'Visionary' })).toBeTruthy();
    expect(within(matrix).getByRole('columnheader', { name: 'Coach' })).toBeTruthy();
    expect(screen.getByText(/Tie-breaker question:/).parentElement!.textContent).toContain('2. Pick a role');

    // Preview: 'With a talk' (Coach 1) + 'Speaker' (Visionary 1) tie; the tie-breaker's answer 'Speaker' scores Visionary.
    const preview = screen.getByRole('region', { name: 'Preview' });
    const pick = async (label: RegExp, option: string) => {
      await userEvent.click(within(preview).getByRole('combobox', { name: label }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await pick(/How do you start/, 'With a talk');
    await pick(/Pick a role/, 'Speaker');
    await waitFor(() => expect(screen.getByTestId('preview-outcome').textContent).toBe('Visionary'));
    expect(within(preview).getByText('(tie broken by the tie-breaker question)')).toBeTruthy();
    expect(within(preview).getByText('Coach: 1')).toBeTruthy();
    await pick(/Pick a role/, 'Mentor');
    await waitFor(() => expect(screen.getByTestId('preview-outcome').textContent).toBe('Coach'));

    await userEvent.click(screen.getByRole('button', { name: 'Manage Scores' }));
    const cell = screen.getByRole('textbox', { name: 'Score of "With a vision" for Coach' });
    fireEvent.change(cell, { target: { value: '3' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Scores' }));
    expect(await screen.findByText('Assessment scores saved successfully.')).toBeTruthy();
    expect(scoreBodies[0].tieBreakerQuestionId).toBe(20);
    expect(scoreBodies[0].scores).toHaveLength(8);
    expect(scoreBodies[0].scores).toContainEqual({ answerId: 101, outcomeId: 2, score: 3 });
    expect(scoreBodies[0].scores).toContainEqual({ id: 1, answerId: 101, outcomeId: 1, score: 2 });
  });

  it('adds a question: it starts with 3 blank answers, each answer names its outcome, the badges show the top outcome', async () => {
    renderRoute('/admin/learning/assessments/1?tab=Questions');
    const first = await screen.findByRole('article', { name: 'Question 1' }, slow);
    expect(within(first).getByText('Single Select')).toBeTruthy();
    expect(within(first).getByText('With a vision').parentElement!.textContent).toContain('Visionary');
    expect(within(screen.getByRole('article', { name: 'Question 2' })).getByText('Tie-breaker')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Question' }, slow);
    expect(within(sheet).getAllByRole('textbox', { name: /^Answer \d$/ })).toHaveLength(3);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Question is required')).toBeTruthy();
    expect(within(sheet).getAllByText('Answer is required')).toHaveLength(3);

    fireEvent.change(within(sheet).getByRole('textbox', { name: /^Question/ }), {
      target: { value: 'Where do you recharge?' },
    });
    fireEvent.change(within(sheet).getByRole('textbox', { name: 'Answer 1' }), { target: { value: 'On stage' } });
    fireEvent.change(within(sheet).getByRole('textbox', { name: 'Answer 2' }), { target: { value: 'One on one' } });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Remove answer 3' }));
    await userEvent.click(within(sheet).getByRole('combobox', { name: 'Outcome of answer 2' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coach' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Question saved successfully.')).toBeTruthy();
    expect(questionBodies[0]).toEqual({
      question: 'Where do you recharge?',
      type: 'single select',
      answers: [
        { answer: 'On stage', outcomeId: null },
        { answer: 'One on one', outcomeId: 2 },
      ],
    });
  });
});

/** A read-only screen on a loaded machine: its chunks and data may take a while. */
const patient = { timeout: 20_000 };

describe('an account that may only read assessments', () => {
  it('sees the outcomes, questions and scores with no Add, Edit, Delete or Manage Scores', async () => {
    signInWith(['assessments:read']);
    renderRoute('/admin/learning/assessments/1?tab=Outcomes');
    expect(await screen.findByRole('article', { name: 'Outcome Visionary' }, patient)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Outcome' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Questions' }));
    expect(await screen.findByRole('article', { name: 'Question 1' }, patient)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Question' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) question/ })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Score Matrix' }));
    expect(await screen.findByRole('region', { name: 'Score matrix' }, patient)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Scores' })).toBeNull();
  }, 90_000);

  it('opens an assessment from the list with its title disabled and no Save', async () => {
    signInWith(['assessments:read']);
    renderRoute('/admin/learning/assessments?edit=1');
    const title = await screen.findByRole('textbox', { name: 'Title' }, patient);
    expect(isLocked(title)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  }, 60_000);
});
