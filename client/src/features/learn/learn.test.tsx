import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AiChat, CurrentAccount, LearnerAiComponent, LearnerComponent, Syllabus } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';

const member: CurrentAccount = {
  id: 9,
  firstName: 'Max',
  lastName: 'Member',
  fullName: 'Max Member',
  email: 'max@example.edu',
  avatarUrl: null,
  admin: false,
  roles: ['ROLE_USER'],
  permissions: [],
  chapterIds: [],
  mustSetUpTwoFactor: false,
};

const component = (over: Partial<LearnerComponent>): LearnerComponent => ({
  id: 1,
  slug: 'welcome',
  name: 'Welcome',
  componentType: 'lesson',
  sectionSlug: '1',
  index: 0,
  xp: 10,
  learningXps: [],
  required: true,
  aiComponent: false,
  startedAt: null,
  completedAt: null,
  score: null,
  xpAwarded: 0,
  ...over,
});

/** A one-lesson, one-quiz program whose lesson POST completes the lesson and awards its XP. */
function serveProgram() {
  const lesson = component({});
  const quiz = component({ id: 2, slug: 'check', name: 'Check', componentType: 'quiz', index: 1, xp: 0 });
  const program = (): Syllabus => {
    const xp = lesson.xpAwarded;
    return {
      id: 1,
      slug: 'lf',
      name: 'Leadership Foundations',
      summary: 'First steps',
      progress: {
        startedAt: '2026-01-01T00:00:00.000Z',
        finishedAt: null,
        requiredCount: 2,
        completedRequiredCount: lesson.completedAt ? 1 : 0,
        percent: lesson.completedAt ? 50 : 0,
        xpEarned: xp,
        xpByKind: [],
      },
      sections: [
        { id: 1, slug: '1', name: 'Getting Started', description: null, index: 0, components: [lesson, quiz] },
      ],
    };
  };
  const html = { doc: { type: 'doc' as const, content: [] }, html: '<p>Welcome <strong>aboard</strong></p>' };
  mockServer.use(
    http.get('/api/public/account', () => HttpResponse.json(member)),
    http.get('/api/member/programs', () => HttpResponse.json([program()])),
    http.get('/api/learn/program/lf', () => HttpResponse.json(program())),
    http.get('/api/learn/program/lf/lesson/welcome', () =>
      HttpResponse.json({ component: lesson, curriculum: html, segments: [] }),
    ),
    http.post('/api/learn/program/lf/lesson/welcome', () => {
      Object.assign(lesson, { completedAt: '2026-01-02T00:00:00.000Z', xpAwarded: 10 });
      return HttpResponse.json({ component: lesson, curriculum: html, segments: [] });
    }),
    http.get('/api/learn/program/lf/quiz/check/question/1', () =>
      HttpResponse.json({
        index: 1,
        questionCount: 1,
        id: 5,
        question: 'Three pillars?',
        type: 'single select',
        maxChosenAnswers: null,
        answers: [
          { id: 7, answer: 'Leadership' },
          { id: 8, answer: 'Sports' },
        ],
        statements: [],
        component: quiz,
      }),
    ),
    http.post('/api/learn/program/lf/quiz/check/question/1', () =>
      HttpResponse.json({
        correct: false,
        answers: [{ answerId: 8, chosen: true, correct: false, feedback: 'Think about what members do.' }],
        statements: [],
        correctOrder: [],
        component: quiz,
      }),
    ),
  );
}

describe('/member/programs', () => {
  it('lists the member’s programs with their progress', async () => {
    serveProgram();
    renderRoute('/member/programs');
    expect(await screen.findByRole('link', { name: 'Leadership Foundations' }, slow)).toBeTruthy();
    expect(screen.getByText('0 of 2 required steps done')).toBeTruthy();
  });

  it('shows a lesson from the served HTML, marks it done and shows the XP earned', async () => {
    serveProgram();
    renderRoute('/member/programs/lf?c=welcome');
    expect(await screen.findByText('aboard', {}, slow)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark lesson done' }));
    expect(await screen.findByText('Done · +10 XP')).toBeTruthy();
    expect((await screen.findByTestId('program-xp')).textContent).toBe('10 XP');
  });

  it('answers a quiz question and shows the per-answer feedback', async () => {
    serveProgram();
    renderRoute('/member/programs/lf?c=check');
    await userEvent.click(await screen.findByRole('radio', { name: 'Sports' }, slow));
    await userEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText('Think about what members do.')).toBeTruthy();
    expect(screen.getByText('Not quite')).toBeTruthy();
  });

  it('opens an AI chat step, sends a message and shows the answer and the saved goal', async () => {
    const coach = component({
      id: 3,
      slug: 'coach',
      name: 'Coach Chat',
      componentType: 'chat',
      required: false,
      aiComponent: true,
    });
    const chat: AiChat = {
      id: 4,
      template: { id: 1, name: 'Goal Coach', type: 'Chat' },
      account: { id: 9, name: 'Max Member', email: 'max@example.edu' },
      locked: false,
      messages: [
        {
          id: 1,
          userInput: 'Hi, I am Max.',
          aiResponse: 'What would you like to work on?',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      goals: [],
      updatedAt: '2026-01-01T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const view = (): LearnerAiComponent => ({
      component: coach,
      curriculum: null,
      aiConfigured: true,
      template: chat.template,
      chat,
      canSend: !chat.locked,
    });
    const program: Syllabus = {
      id: 1,
      slug: 'lf',
      name: 'Leadership Foundations',
      summary: null,
      progress: {
        startedAt: null,
        finishedAt: null,
        requiredCount: 0,
        completedRequiredCount: 0,
        percent: 0,
        xpEarned: 0,
        xpByKind: [],
      },
      sections: [{ id: 1, slug: '1', name: 'Going Further', description: null, index: 0, components: [coach] }],
    };
    let sent: unknown;
    mockServer.use(
      http.get('/api/public/account', () => HttpResponse.json(member)),
      http.get('/api/learn/program/lf', () => HttpResponse.json(program)),
      http.get('/api/learn/program/lf/chat/coach', () => HttpResponse.json(view())),
      http.post('/api/learn/program/lf/chat/coach', async ({ request }) => {
        sent = await request.json();
        chat.messages.push({
          id: 2,
          userInput: 'Public speaking',
          aiResponse: 'Goal saved: Speak twice',
          createdAt: '2026-01-01T00:01:00.000Z',
        });
        chat.goals.push({
          id: 5,
          title: 'Speak twice',
          description: 'At meetings',
          dueDate: '',
          steps: [],
          createdAt: '2026-01-01T00:01:00.000Z',
          updatedAt: '2026-01-01T00:01:00.000Z',
        });
        return HttpResponse.json(view());
      }),
    );
    renderRoute('/member/programs/lf?c=coach');
    expect(await screen.findByText('What would you like to work on?', {}, slow)).toBeTruthy();
    expect(screen.queryByText('Hi, I am Max.')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Public speaking');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Speak twice', {}, slow)).toBeTruthy();
    expect(sent).toEqual({ message: 'Public speaking' });
    expect(await screen.findByText('Goal saved: Speak twice', {}, slow)).toBeTruthy();
  });

  it('says plainly when the AI coach is not set up', async () => {
    serveProgram();
    const feedback = component({
      id: 6,
      slug: 'welcome',
      componentType: 'feedback',
      aiComponent: true,
      required: false,
    });
    mockServer.use(
      http.get('/api/learn/program/lf', () =>
        HttpResponse.json({
          id: 1,
          slug: 'lf',
          name: 'Leadership Foundations',
          summary: null,
          progress: {
            startedAt: null,
            finishedAt: null,
            requiredCount: 0,
            completedRequiredCount: 0,
            percent: 0,
            xpEarned: 0,
            xpByKind: [],
          },
          sections: [{ id: 1, slug: '1', name: 'S', description: null, index: 0, components: [feedback] }],
        }),
      ),
      http.get('/api/learn/program/lf/feedback/welcome', () =>
        HttpResponse.json({ message: 'AI is not configured yet' }, { status: 409 }),
      ),
    );
    renderRoute('/member/programs/lf?c=welcome');
    expect(await screen.findByText(/which is not set up yet/, {}, slow)).toBeTruthy();
  });
});
