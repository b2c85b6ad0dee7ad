import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import type { Quiz, QuizQuestion } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';

const single: QuizQuestion = {
  id: 11,
  index: 0,
  question: 'What are the three pillars?',
  type: 'single select',
  maxChosenAnswers: null,
  answers: [
    { id: 1, answer: 'Leadership, Success, Service', correct: true, feedback: null, outcomeId: null },
    { id: 2, answer: 'Sports, Music, Art', correct: false, feedback: 'Not quite', outcomeId: null },
  ],
  quizQuestionStatements: [],
};
const matcher: QuizQuestion = {
  id: 12,
  index: 1,
  question: 'Match each role',
  type: 'matcher',
  maxChosenAnswers: null,
  answers: [
    { id: 3, answer: 'President', correct: false, feedback: null, outcomeId: null },
    { id: 4, answer: 'Treasurer', correct: false, feedback: null, outcomeId: null },
  ],
  quizQuestionStatements: [
    { id: 7, statement: 'Keeps the budget', feedback: null, answerId: 4, answerText: 'Treasurer' },
  ],
};
const quiz: Quiz = {
  id: 5,
  name: 'Society Basics',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  questions: [single, matcher],
  usedBy: [],
};

let requests: Array<{ method: string; url: string; body: any }>;
let deleteStatus: number;
beforeEach(() => {
  // The notification store is global: earlier tests' notices would queue this one's behind the limit.
  notifications.clean();
  notifications.cleanQueue();
  requests = [];
  deleteStatus = 204;
  const record =
    (status: number, answer: unknown) =>
    async ({ request }: { request: Request }) => {
      const text = await request.text();
      requests.push({
        method: request.method,
        url: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : undefined,
      });
      return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json(answer as any, { status });
    };
  mockServer.use(
    http.get('/api/admin/quiz', () =>
      HttpResponse.json(
        pageOf([
          { id: 5, name: 'Society Basics', questionCount: 2, createdAt: quiz.createdAt, updatedAt: quiz.updatedAt },
        ]),
      ),
    ),
    http.get('/api/admin/quiz/:id', () => HttpResponse.json(quiz)),
    http.post('/api/admin/quiz', record(201, { ...quiz, id: 6, name: 'New quiz', questions: [] })),
    http.patch('/api/admin/quiz/:id', record(200, quiz)),
    http.delete('/api/admin/quiz/:id', async (info) =>
      deleteStatus === 204
        ? record(204, null)(info)
        : HttpResponse.json({ message: 'Internal' }, { status: deleteStatus }),
    ),
    http.post('/api/admin/quiz/:id/questions', record(201, single)),
    http.patch('/api/admin/quiz/:id/questions/index', record(200, quiz)),
    http.patch('/api/admin/quiz/:id/questions/:questionId', record(200, single)),
    http.delete('/api/admin/quiz/:id/questions/:questionId', record(204, null)),
  );
});

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function openAdd(kind: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Question' }, slow));
  const menu = await screen.findByRole('menu');
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['Single Select', 'Matcher']);
  await userEvent.click(within(menu).getByRole('menuitem', { name: kind }));
  return screen.findByRole('dialog', { name: 'Add Question' }, slow);
}

describe('/admin/learning/quiz', () => {
  it('lists quizzes and creates one through the dialog, then opens it', async () => {
    const { router } = renderRoute('/admin/learning/quiz');
    const link = await screen.findByRole('link', { name: 'Society Basics' }, slow);
    expect(link.getAttribute('href')).toBe('/admin/learning/quiz/5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Quiz' });
    type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ab');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name must be at least 3 characters')).toBeTruthy();
    type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'New quiz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quiz saved successfully.')).toBeTruthy();
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/admin/quiz', body: { name: 'New quiz' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/learning/quiz/6'));
  });

  it('shows the numbered questions with type badges, answers and matched statements', async () => {
    renderRoute('/admin/learning/quiz/5');
    const first = await screen.findByRole('article', { name: 'Question 1' }, slow);
    expect(within(first).getByText('What are the three pillars?')).toBeTruthy();
    expect(within(first).getByText('Single Select')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Question 2' });
    expect(within(second).getByText('Matcher')).toBeTruthy();
    expect(within(second).getByText('Treasurer', { selector: 'b' })).toBeTruthy();
  });

  it('a new single select starts with 3 blank answers; marking one correct clears the others', async () => {
    renderRoute('/admin/learning/quiz/5');
    const sheet = await openAdd('Single Select');
    expect(within(sheet).getAllByRole('textbox', { name: /^Answer \d/ })).toHaveLength(3);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Question is required')).toBeTruthy();
    expect(within(sheet).getAllByText('Answer is required')).toHaveLength(3);
    const correct = (n: number) =>
      within(sheet).getByRole('checkbox', { name: `Answer ${n} is correct` }) as HTMLInputElement;
    await userEvent.click(correct(2));
    await userEvent.click(correct(3));
    expect([correct(1).checked, correct(2).checked, correct(3).checked]).toEqual([false, false, true]);
    type(within(sheet).getByRole('textbox', { name: /^Question/ }), 'Which year was the society founded?');
    ['1994', '2001', '1989'].forEach((v, i) =>
      type(within(sheet).getByRole('textbox', { name: new RegExp(`^Answer ${i + 1}`) }), v),
    );
    type(within(sheet).getByRole('textbox', { name: 'Feedback for answer 3' }), 'Yes, 1989.');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Question saved successfully.')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/admin/quiz/5/questions',
      body: {
        question: 'Which year was the society founded?',
        type: 'single select',
        answers: [
          { answer: '1994', correct: false, feedback: null },
          { answer: '2001', correct: false, feedback: null },
          { answer: '1989', correct: true, feedback: 'Yes, 1989.' },
        ],
        statements: [],
      },
    });
  });

  it('a new matcher (opened from the URL) starts with one blank statement whose answer choice is limited to the answers entered', async () => {
    const { router } = renderRoute('/admin/learning/quiz/5?question=new&type=matcher');
    const sheet = await screen.findByRole('dialog', { name: 'Add Question' }, slow);
    expect(within(sheet).getByText('Matcher')).toBeTruthy();
    expect(within(sheet).getAllByRole('textbox', { name: /^Statement \d/ })).toHaveLength(1);
    expect(within(sheet).queryByRole('checkbox')).toBeNull();
    type(within(sheet).getByRole('textbox', { name: /^Question/ }), 'Match each officer');
    type(within(sheet).getByRole('textbox', { name: /^Answer 1/ }), 'President');
    type(within(sheet).getByRole('textbox', { name: /^Answer 2/ }), 'Secretary');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Remove answer 3' }));
    await userEvent.click(within(sheet).getByLabelText('Matching answer for statement 1'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['President', 'Secretary']);
    await userEvent.click(options[1]!);
    type(within(sheet).getByRole('textbox', { name: /^Statement 1/ }), 'Keeps the minutes');
    // Renaming the answer carries the statement's choice along.
    type(within(sheet).getByRole('textbox', { name: /^Answer 2/ }), 'Chapter Secretary');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.at(-1)?.method).toBe('POST'));
    expect(requests.at(-1)!.body).toMatchObject({
      type: 'matcher',
      answers: [{ answer: 'President' }, { answer: 'Chapter Secretary' }],
      statements: [{ statement: 'Keeps the minutes', answerText: 'Chapter Secretary', feedback: null }],
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('edits a question with its ids kept, and deletes one after confirming', async () => {
    renderRoute('/admin/learning/quiz/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit question 2' }, slow));
    const sheet = await screen.findByRole('dialog', { name: 'Edit Question' });
    expect(within(sheet).queryByRole('textbox', { name: /^Feedback for answer/ })).toBeNull();
    type(within(sheet).getByRole('textbox', { name: /^Question/ }), 'Match each officer role');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/admin/quiz/5/questions/12' }),
    );
    expect(requests.at(-1)!.body.statements).toEqual([
      { id: 7, statement: 'Keeps the budget', feedback: null, answerText: 'Treasurer' },
    ]);
    expect(requests.at(-1)!.body.answers[1]).toMatchObject({ id: 4, answer: 'Treasurer' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete question 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Question' });
    // The question ends with its own '?': the sentence does not double it.
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete question 1, What are the three pillars? This action cannot be undone.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/admin/quiz/5/questions/11' }),
    );
  });

  it('moves a question down: the new order is saved', async () => {
    renderRoute('/admin/learning/quiz/5');
    expect(
      ((await screen.findByRole('button', { name: 'Move question 1 up' }, slow)) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'Move question 2 down' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    expect(await screen.findByText('Question order updated')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/api/admin/quiz/5/questions/index',
      body: { entityIds: [12, 11] },
    });
  });

  it('deletes the quiz and returns to the list; a failure shows the spec texts', async () => {
    deleteStatus = 500;
    const { router } = renderRoute('/admin/learning/quiz/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }, slow));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Quiz' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Error deleting Quiz')).toBeTruthy();
    expect(screen.getByText('Sorry there was an error deleting the Quiz')).toBeTruthy();
    deleteStatus = 204;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Quiz' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Quiz' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Quiz deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/learning/quiz'));
  });
});
