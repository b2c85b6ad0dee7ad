import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LESSON_MESSAGES, type Lesson, type LessonSegment, type RichTextDoc } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { isLocked, signInWith } from '../../test/permissions';

// BlockNote needs a real browser; the form's editor is a stub that hands over a fixed document.
const typed: RichTextDoc = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Typed', styles: {} }], children: [] }],
};
vi.mock('../../components/rich-text', () => ({
  RichTextEditor: (props: { label?: string; readOnly?: boolean; onChange: (doc: RichTextDoc) => void }) => (
    <button type="button" data-read-only={props.readOnly || undefined} onClick={() => props.onChange(typed)}>
      {`type into ${props.label}`}
    </button>
  ),
}));

const segment = (id: number, name: string, index: number): LessonSegment => ({
  id,
  programComponentId: 7,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  curriculum: { type: 'doc', content: [] },
  index,
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const lesson: Lesson = {
  id: 7,
  programId: 2,
  programSlug: 'leadership-foundations',
  programName: 'Leadership Foundations',
  name: 'Our History',
  slug: 'demo-lesson',
  xp: 20,
  learningXps: [{ id: 3, name: 'Scholarship' }],
  segments: [segment(1, 'The Founding', 0), segment(2, 'Growing Chapters', 1), segment(3, 'Your Part', 2)],
};
const PATH = '/admin/learning/programs/leadership-foundations/lessons/demo-lesson';

let orders: number[][];
let created: unknown[];
beforeEach(() => {
  orders = [];
  created = [];
  mockServer.use(
    http.get('/api/admin/program/:programSlug/lesson/:lessonSlug', () => HttpResponse.json(lesson)),
    http.post('/api/admin/program-component/:id/lesson-segment', async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json(segment(9, 'New one', 3), { status: 201 });
    }),
  );
});

const names = () => screen.getAllByTestId(/^segment-/).map((el) => el.querySelector('p')?.textContent);

describe(PATH, () => {
  it('shows the segments in order, the details card and the way back', async () => {
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Our History' }, slow)).toBeTruthy();
    expect(names()).toEqual(['The Founding', 'Growing Chapters', 'Your Part']);
    expect(screen.getByText('Scholarship - 20 xp')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Program' }).getAttribute('href')).toBe(
      '/admin/learning/programs/leadership-foundations',
    );
    expect(screen.getByLabelText('Drag Your Part')).toBeTruthy();
    // The breadcrumbs name the program and the lesson as they are written, not as their slugs read.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() =>
      expect(within(crumbs).getByRole('link', { name: 'Leadership Foundations' }).getAttribute('href')).toBe(
        '/admin/learning/programs/leadership-foundations',
      ),
    );
    expect(within(crumbs).getByText('Our History')).toBeTruthy();
  });

  it('saves a new order at once and says so', async () => {
    mockServer.use(
      http.patch('/api/admin/lesson-segment/:id/index', async ({ request, params }) => {
        const { entityIds } = (await request.json()) as { entityIds: number[] };
        orders.push([Number(params.id), ...entityIds]);
        return HttpResponse.json(
          entityIds.map((id, i) => ({ ...lesson.segments.find((s) => s.id === id)!, index: i })),
        );
      }),
    );
    renderRoute(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Move The Founding down' }, slow));
    expect(names()).toEqual(['Growing Chapters', 'The Founding', 'Your Part']);
    await waitFor(() => expect(orders).toEqual([[7, 2, 1, 3]]));
    expect(await screen.findByText(LESSON_MESSAGES.orderUpdated)).toBeTruthy();
  });

  it('puts the order back when saving it fails, with the spec texts', async () => {
    mockServer.use(
      http.patch('/api/admin/lesson-segment/:id/index', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })),
    );
    renderRoute(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Move Your Part up' }, slow));
    expect(names()).toEqual(['The Founding', 'Your Part', 'Growing Chapters']);
    expect(await screen.findByText(LESSON_MESSAGES.orderFailedDetail)).toBeTruthy();
    expect(screen.getByText(LESSON_MESSAGES.orderFailed)).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['The Founding', 'Growing Chapters', 'Your Part']));
  });

  it('adds a segment with its name and curriculum, checking the name first', async () => {
    renderRoute(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lesson Segment' }, slow));
    const drawer = await screen.findByRole('dialog', { name: 'Add Lesson Segment' });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Name' }), { target: { value: 'ab' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(LESSON_MESSAGES.nameTooShort)).toBeTruthy();
    expect(created).toEqual([]);
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Name' }), { target: { value: 'New one' } });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'type into Curriculum' }, slow));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual([{ name: 'New one', curriculum: typed }]));
    expect(await screen.findByText(LESSON_MESSAGES.saved)).toBeTruthy();
  });

  it('shows the spec texts when saving a segment fails', async () => {
    mockServer.use(
      http.post('/api/admin/program-component/:id/lesson-segment', () =>
        HttpResponse.json({ message: 'Boom' }, { status: 500 }),
      ),
    );
    renderRoute(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lesson Segment' }, slow));
    const drawer = await screen.findByRole('dialog', { name: 'Add Lesson Segment' });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Name' }), { target: { value: 'Fine name' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LESSON_MESSAGES.saveFailedDetail)).toBeTruthy();
    expect(screen.getByText(LESSON_MESSAGES.saveFailed)).toBeTruthy();
  });
});

describe('an account that may only read lessons', () => {
  it('sees the segments in order with no Add, Edit, Delete, move or drag', async () => {
    signInWith(['lessons:read']);
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Our History' }, { timeout: 20_000 })).toBeTruthy();
    expect(names()).toEqual(['The Founding', 'Growing Chapters', 'Your Part']);
    expect(screen.queryByRole('button', { name: /^(Add|Edit|Delete|Move)\b/ })).toBeNull();
    expect(screen.queryByLabelText(/^Drag /)).toBeNull();
  }, 60_000);

  it('opens a segment and reads its name and content, every field disabled and no Save', async () => {
    signInWith(['lessons:read']);
    renderRoute(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Growing Chapters' }, { timeout: 20_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Lesson Segment' });
    const name = within(drawer).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Growing Chapters');
    expect(isLocked(name)).toBe(true);
    const editor = await within(drawer).findByRole('button', { name: 'type into Curriculum' }, slow);
    expect(editor.dataset.readOnly).toBe('true');
    expect(within(drawer).queryByRole('button', { name: /^(Save|Delete|Cancel)\b/ })).toBeNull();
    expect(within(drawer).getByText('Close', { selector: 'button span' })).toBeTruthy();
  }, 60_000);
});

describe('an account that may write lessons', () => {
  it("opens a segment's editor from its name", async () => {
    renderRoute(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Your Part' }, slow));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Lesson Segment' });
    expect(isLocked(within(drawer).getByRole('textbox', { name: 'Name' }))).toBe(false);
    const editor = await within(drawer).findByRole('button', { name: 'type into Curriculum' }, slow);
    expect(editor.dataset.readOnly).toBeUndefined();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
