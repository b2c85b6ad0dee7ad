import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CurrentAccount, LearnerComponent, Syllabus } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';

const member: CurrentAccount = { id: 9, firstName: 'Max', lastName: 'Member', fullName: 'Max Member', email: 'max@example.edu', avatarUrl: null, admin: false };

const component = (over: Partial<LearnerComponent>): LearnerComponent => ({
  id: 1, slug: 'welcome', name: 'Welcome', componentType: 'lesson', sectionSlug: '1', index: 0, xp: 10, learningXps: [], required: true,
  aiComponent: false, startedAt: null, completedAt: null, score: null, xpAwarded: 0, ...over,
});

/** A one-lesson, one-quiz program whose lesson POST completes the lesson and awards its XP. */
function serveProgram() {
  const lesson = component({});
  const quiz = component({ id: 2, slug: 'check', name: 'Check', componentType: 'quiz', index: 1, xp: 0 });
  const program = (): Syllabus => {
    const xp = lesson.xpAwarded;
    return {
      id: 1, slug: 'lf', name: 'Leadership Foundations', summary: 'First steps',
      progress: { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: null, requiredCount: 2, completedRequiredCount: lesson.completedAt ? 1 : 0, percent: lesson.completedAt ? 50 : 0, xpEarned: xp, xpByKind: [] },
      sections: [{ id: 1, slug: '1', name: 'Getting Started', description: null, index: 0, components: [lesson, quiz] }],
    };
  };
  const html = { doc: { type: 'doc' as const, content: [] }, html: '<p>Welcome <strong>aboard</strong></p>' };
  mockServer.use(
    http.get('/api/public/account', () => HttpResponse.json(member)),
    http.get('/api/member/programs', () => HttpResponse.json([program()])),
    http.get('/api/learn/program/lf', () => HttpResponse.json(program())),
    http.get('/api/learn/program/lf/lesson/welcome', () => HttpResponse.json({ component: lesson, curriculum: html, segments: [] })),
    http.post('/api/learn/program/lf/lesson/welcome', () => {
      Object.assign(lesson, { completedAt: '2026-01-02T00:00:00.000Z', xpAwarded: 10 });
      return HttpResponse.json({ component: lesson, curriculum: html, segments: [] });
    }),
    http.get('/api/learn/program/lf/quiz/check/question/1', () =>
      HttpResponse.json({ index: 1, questionCount: 1, id: 5, question: 'Three pillars?', type: 'single select', maxChosenAnswers: null, answers: [{ id: 7, answer: 'Leadership' }, { id: 8, answer: 'Sports' }], statements: [], component: quiz }),
    ),
    http.post('/api/learn/program/lf/quiz/check/question/1', () =>
      HttpResponse.json({ correct: false, answers: [{ answerId: 8, chosen: true, correct: false, feedback: 'Think about what members do.' }], statements: [], correctOrder: [], component: quiz }),
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
});
