import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ProgramComponent, ProgramDetail } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { pageOf } from '../../test/paged';
import { signInWith } from '../../test/permissions';

const slow = { timeout: 10_000 };
const at = '2026-01-15T15:00:00.000Z';

const component = (over: Partial<ProgramComponent>): ProgramComponent => ({
  id: 1,
  programId: 7,
  programSlug: 'leadership',
  sectionId: 70,
  section: { id: 70 },
  name: 'Intro Lesson',
  slug: 'intro-lesson',
  componentType: 'lesson',
  index: 0,
  curriculum: null,
  assessmentId: null,
  quizId: null,
  surveyId: null,
  aiTemplateId: null,
  aiVideoTemplateId: null,
  calendarHasFallback: false,
  fallbackId: null,
  fallbackToName: null,
  fallbackFor: [],
  learningXpIds: [],
  learningXps: [],
  xp: 0,
  lessonSegments: 0,
  calendarEvent: null,
  updatedAt: at,
  ...over,
});

const lesson = component({ fallbackFor: [{ id: 3, name: 'Live Class' }] });
const quiz = component({
  id: 2,
  name: 'Knowledge Check',
  slug: 'knowledge-check',
  componentType: 'quiz',
  index: 1,
  learningXpIds: [1],
  learningXps: [{ id: 1, name: 'Leadership' }],
  xp: 10,
});
const live = component({
  id: 3,
  name: 'Live Class',
  slug: 'live-class',
  componentType: 'calendar event',
  index: 2,
  calendarHasFallback: true,
  fallbackId: 1,
  fallbackToName: 'Intro Lesson',
});
const assessment = component({
  id: 5,
  sectionId: 71,
  section: { id: 71 },
  name: 'Strengths',
  slug: 'strengths',
  componentType: 'assessment',
  index: 1,
});
const segmented = component({
  id: 4,
  sectionId: 71,
  section: { id: 71 },
  name: 'Deep Dive',
  slug: 'demo-lesson',
  componentType: 'segmented lesson',
  lessonSegments: 3,
});

const program = (): ProgramDetail => ({
  id: 7,
  name: 'Leadership Program',
  slug: 'leadership',
  summary: 'Learn to lead',
  createdAt: at,
  updatedAt: at,
  sections: [
    {
      id: 70,
      programId: 7,
      name: 'Week One',
      description: 'Getting started',
      index: 0,
      components: [lesson, quiz, live],
    },
    { id: 71, programId: 7, name: 'Week Two', description: null, index: 1, components: [segmented, assessment] },
    { id: 72, programId: 7, name: 'Week Three', description: null, index: 2, components: [] },
  ],
});

// jsdom's document has no doctype; the drag-and-drop library warns about it on every render.
beforeAll(() => {
  if (!document.doctype)
    document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.documentElement);
});

let reorders: Array<{ programId: string; body: any }>;
let created: any[];
let reorderStatus: number;
let deleted: string[];

beforeEach(() => {
  reorders = [];
  created = [];
  deleted = [];
  reorderStatus = 200;
  mockServer.use(
    http.get('/api/admin/programs', () => HttpResponse.json(pageOf([{ ...program(), sections: undefined }]))),
    http.get('/api/admin/program/slug/:slug', ({ params }) =>
      params.slug === 'empty'
        ? HttpResponse.json({ ...program(), slug: 'empty', sections: [] })
        : HttpResponse.json(program()),
    ),
    http.delete('/api/admin/program/:id', ({ params }) => {
      deleted.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch('/api/admin/program/:programId/component/index', async ({ params, request }) => {
      reorders.push({ programId: String(params.programId), body: await request.json() });
      return reorderStatus === 200
        ? HttpResponse.json(program())
        : HttpResponse.json({ message: 'Boom' }, { status: reorderStatus });
    }),
    http.get('/api/admin/program-component/form', () =>
      HttpResponse.json({
        learningXps: [{ key: 1, value: 'Leadership' }],
        aiVideoTemplateList: [],
        assessmentsList: [],
        aiFeedbackList: [],
        aiChatList: [],
        aiGoalList: [],
        aiTaskList: [],
        quizList: [{ key: 5, value: 'Demo Quiz' }],
        surveyList: [],
      }),
    ),
    http.get('/api/admin/program-component/:id', ({ params }) =>
      HttpResponse.json([lesson, quiz, live, segmented, assessment].find((c) => String(c.id) === params.id)!),
    ),
    http.post('/api/admin/program/:programId/section/:sectionId/component', async ({ request }) => {
      const body = (await request.json()) as any;
      created.push(body);
      return HttpResponse.json(
        component({ id: 9, name: body.name, componentType: body.componentType, slug: 'new-lesson' }),
        { status: 201 },
      );
    }),
  );
});

describe('/admin/learning/programs', () => {
  it('lists programs with a link to their syllabus and deletes one', async () => {
    renderRoute('/admin/learning/programs');
    const link = await screen.findByRole('link', { name: 'Leadership Program' }, slow);
    expect(link.getAttribute('href')).toBe('/admin/learning/programs/leadership');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Leadership Program' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Program deleted')).toBeTruthy();
    expect(deleted).toEqual(['7']);
  });
});

describe('/admin/learning/programs/{programSlug}', () => {
  it('shows the syllabus: sections, XP badges, segment counts, fallbacks and the structure rules', async () => {
    renderRoute('/admin/learning/programs/leadership');
    expect(await screen.findByText('Week One', {}, slow)).toBeTruthy();
    expect(screen.getByText('Getting started')).toBeTruthy();
    expect(screen.getByText('Leadership - 10 xp')).toBeTruthy();
    expect(screen.getByText('3 segments')).toBeTruthy();
    expect(screen.getByText('Async fallback for: Live Class')).toBeTruthy();
    expect(screen.getByText('Async fallback: Intro Lesson')).toBeTruthy();
    // A fallback target has no delete action; the others do.
    expect(screen.queryByRole('button', { name: 'Delete Intro Lesson' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Knowledge Check' })).toBeTruthy();
    // A section with components cannot be deleted; an empty one can.
    expect((screen.getByRole('button', { name: 'Delete section Week One' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Delete section Week Three' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows 'Add your first section' for an empty program", async () => {
    renderRoute('/admin/learning/programs/empty');
    expect(await screen.findByText('Add your first section', {}, slow)).toBeTruthy();
  });

  it('saves a move down at once and confirms it', async () => {
    renderRoute('/admin/learning/programs/leadership');
    await userEvent.click(await screen.findByRole('button', { name: 'Move Intro Lesson down' }, slow));
    expect(await screen.findByText('Component order updated')).toBeTruthy();
    expect(reorders[0]).toEqual({ programId: '7', body: { sectionId: 70, entityIds: [2, 1, 3] } });
  });

  it('puts the order back when saving it fails', async () => {
    reorderStatus = 500;
    renderRoute('/admin/learning/programs/leadership');
    await userEvent.click(await screen.findByRole('button', { name: 'Move Knowledge Check up' }, slow));
    expect(await screen.findByText('There was an error updating the component order')).toBeTruthy();
    expect(screen.getByText('Error updating component')).toBeTruthy();
    const section = screen.getByTestId('section-70');
    await waitFor(() => {
      const names = within(section)
        .getAllByTestId(/^component-/)
        .map((el) => el.getAttribute('data-testid'));
      expect(names).toEqual(['component-intro-lesson', 'component-knowledge-check', 'component-live-class']);
    });
  });

  it('adds a component from the grouped menu with its description and the name rule', async () => {
    renderRoute('/admin/learning/programs/leadership');
    const menus = await screen.findAllByRole('button', { name: 'Add Program Component' }, slow);
    await userEvent.click(menus[0]!);
    expect(await screen.findByText('Synchronous')).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: /Quiz/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quiz' }, slow);
    expect(await within(dialog).findByText('Quiz: multiple choice knowledge check')).toBeTruthy();
    expect(within(dialog).getByText('Learning XP')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'ab' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name must be at least 3 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Check Two' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Component created')).toBeTruthy();
    expect(created[0]).toMatchObject({ componentType: 'quiz', name: 'Check Two', learningXpIds: [], xp: 0 });
  });

  it('hides learning XP for a lesson', async () => {
    renderRoute('/admin/learning/programs/leadership');
    const menus = await screen.findAllByRole('button', { name: 'Add Program Component' }, slow);
    await userEvent.click(menus[0]!);
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Lesson/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lesson' }, slow);
    expect(await within(dialog).findByText('Lesson: single page content')).toBeTruthy();
    expect(within(dialog).queryByText('Learning XP')).toBeNull();
  });

  it('asks a calendar event for its start', async () => {
    renderRoute('/admin/learning/programs/leadership');
    const menus = await screen.findAllByRole('button', { name: 'Add Program Component' }, slow);
    await userEvent.click(menus[0]!);
    await userEvent.click(await screen.findByRole('menuitem', { name: /Calendar Event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Calendar Event' }, slow);
    expect(await within(dialog).findByText('Calendar Event: event to join')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Live Session' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Event Start is required')).toBeTruthy();
    expect(created).toEqual([]);
  });

  it('locks the name of an assessment being edited', async () => {
    renderRoute('/admin/learning/programs/leadership');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Strengths' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Assessment' }, slow);
    const name = await within(dialog).findByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect((name as HTMLInputElement).value).toBe('Strengths');
    expect(within(dialog).getByText('The name of an assessment component cannot be changed')).toBeTruthy();
  });
});

describe('an account that may only read programs', () => {
  it('sees the syllabus with no Add, Edit, Delete, move or drag', async () => {
    signInWith(['programs:read']);
    renderRoute('/admin/learning/programs/leadership');
    expect(await screen.findByText('Week One', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('3 segments')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Add|Edit|Delete|Move)\b/ })).toBeNull();
    expect(screen.queryByLabelText(/^Drag /)).toBeNull();
  }, 60_000);

  it("opens a segmented lesson's segments, read only, from its name", async () => {
    signInWith(['programs:read', 'lessons:read']);
    mockServer.use(
      http.get('/api/admin/program/:programSlug/lesson/:lessonSlug', ({ params }) =>
        HttpResponse.json({
          id: 4,
          programId: 7,
          programSlug: params.programSlug,
          programName: 'Leadership Program',
          name: 'Deep Dive',
          slug: params.lessonSlug,
          xp: 10,
          learningXps: [],
          segments: [
            {
              id: 1,
              programComponentId: 4,
              name: 'Part One',
              slug: 'part-one',
              curriculum: { type: 'doc', content: [] },
              index: 0,
              updatedAt: at,
            },
          ],
        }),
      ),
    );
    const { router } = renderRoute('/admin/learning/programs/leadership');
    const link = await screen.findByRole('link', { name: 'Deep Dive' }, { timeout: 20_000 });
    expect(link.getAttribute('href')).toBe('/admin/learning/programs/leadership/lessons/demo-lesson');
    fireEvent.click(link);
    expect(await screen.findByText('Part One', {}, { timeout: 20_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/learning/programs/leadership/lessons/demo-lesson');
    expect(screen.queryByRole('button', { name: /^(Add|Edit|Delete|Move)\b/ })).toBeNull();
    expect(screen.queryByText('You do not have access to this page')).toBeNull();
  }, 60_000);
});
