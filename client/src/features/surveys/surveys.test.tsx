import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import type { Survey, SurveyQuestion } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';

const multi: SurveyQuestion = {
  id: 21,
  index: 0,
  question: 'Which activities interest you?',
  type: 'multi select',
  category: 'Interests',
  maxChosenOptions: 2,
  options: [
    { id: 1, option: 'Service projects' },
    { id: 2, option: 'Workshops' },
    { id: 3, option: 'Socials' },
  ],
};
const open: SurveyQuestion = {
  id: 22,
  index: 1,
  question: 'What do you hope to gain?',
  type: 'open ended',
  category: null,
  maxChosenOptions: null,
  options: [],
};
const survey: Survey = {
  id: 8,
  name: 'New Member Survey',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  questions: [multi, open],
  usedBy: [],
};

let requests: Array<{ method: string; url: string; body: any }>;
let current: Survey;
beforeEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  requests = [];
  current = survey;
  const record =
    (status: number, answer: unknown) =>
    async ({ request }: { request: Request }) => {
      requests.push({ method: request.method, url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(answer as any, { status });
    };
  mockServer.use(
    http.get('/api/admin/survey', () =>
      HttpResponse.json(
        pageOf([
          { id: 8, name: survey.name, questionCount: 2, createdAt: survey.createdAt, updatedAt: survey.updatedAt },
        ]),
      ),
    ),
    http.get('/api/admin/survey/:id', () => HttpResponse.json(current)),
    http.patch('/api/admin/survey/:id', record(200, survey)),
    http.post('/api/admin/survey/:id/questions', record(201, multi)),
  );
});

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('/admin/learning/survey', () => {
  it('lists surveys with their question count', async () => {
    renderRoute('/admin/learning/survey');
    const row = (await screen.findByRole('link', { name: 'New Member Survey' }, slow)).closest('tr')!;
    expect(within(row).getByText('2')).toBeTruthy();
  });

  it("shows 'select N' on multi select, the category, and options in order", async () => {
    renderRoute('/admin/learning/survey/8');
    const first = await screen.findByRole('article', { name: 'Question 1' }, slow);
    expect(within(first).getByText('Multi Select')).toBeTruthy();
    expect(within(first).getByText('select 2')).toBeTruthy();
    expect(within(first).getByText('Category: Interests')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Question 2' })).getByText('Open Ended')).toBeTruthy();
  });

  it("offers the four survey kinds; a multi select has 3 blank options and 'Maximum options to choose'", async () => {
    renderRoute('/admin/learning/survey/8');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Question' }, slow));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Single Select', 'Multi Select', 'Sort', 'Open Ended']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Multi Select' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Question' }, slow);
    expect(within(sheet).getAllByRole('textbox', { name: /^Option \d/ })).toHaveLength(3);
    expect(within(sheet).queryByRole('checkbox')).toBeNull();
    type(within(sheet).getByRole('textbox', { name: /^Question/ }), 'Pick your events');
    ['Socials', 'Retreats', 'Service days'].forEach((v, i) =>
      type(within(sheet).getByRole('textbox', { name: new RegExp(`^Option ${i + 1}`) }), v),
    );
    type(within(sheet).getByRole('textbox', { name: /^Maximum options to choose/ }), '5');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(
      await within(sheet).findByText('Maximum options to choose cannot be more than the number of options'),
    ).toBeTruthy();
    type(within(sheet).getByRole('textbox', { name: /^Maximum options to choose/ }), '2');
    type(within(sheet).getByRole('textbox', { name: /^Category/ }), 'ab');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Category must be at least 3 characters')).toBeTruthy();
    type(within(sheet).getByRole('textbox', { name: /^Category/ }), '');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Question saved successfully.')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/admin/survey/8/questions',
      body: {
        question: 'Pick your events',
        type: 'multi select',
        category: null,
        maxChosenOptions: 2,
        options: [{ option: 'Socials' }, { option: 'Retreats' }, { option: 'Service days' }],
      },
    });
  });

  it('an open-ended question has no options', async () => {
    renderRoute('/admin/learning/survey/8');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Question' }, slow));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Open Ended' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Question' }, slow);
    expect(within(sheet).queryByRole('textbox', { name: /^Option/ })).toBeNull();
    expect(within(sheet).queryByRole('textbox', { name: /^Maximum/ })).toBeNull();
    type(within(sheet).getByRole('textbox', { name: /^Question/ }), 'Anything else to share?');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.at(-1)?.body).toEqual({
        question: 'Anything else to share?',
        type: 'open ended',
        category: null,
        maxChosenOptions: null,
        options: [],
      }),
    );
  });

  it('renames the survey; delete is disabled while a program component uses it', async () => {
    current = { ...survey, usedBy: [{ id: 3, name: 'Intake', programName: 'Leadership 101' }] };
    renderRoute('/admin/learning/survey/8');
    expect(await screen.findByText('Intake (Leadership 101)', {}, slow)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Survey' });
    type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Intake Survey');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Survey saved successfully.')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/api/admin/survey/8',
      body: { name: 'Intake Survey' },
    });
  });
});
