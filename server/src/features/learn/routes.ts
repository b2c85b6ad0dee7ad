import { contract, LEARN_MESSAGES, type AiChatSendInput, type ComponentType } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import {
  answersOf,
  completeComponent,
  finishProgram,
  missingRequired,
  startProgram,
} from '../../services/learning-progress/index.js';
import * as ai from './ai.js';
import * as answers from './answers.js';
import * as repo from './repo.js';
import { assessmentQuestionView, calendarView, lessonView, segmentView, surveyQuestionView } from './views.js';
import {
  componentOf,
  learnerComponentIn,
  learnerContext,
  memberProgram,
  memberPrograms,
  notFound,
  refreshed,
  sections,
  served,
  syllabus,
  toLearnerComponent,
} from './service.js';

// The learner program API (contract/src/learn.ts): thin handlers over service.ts, answers.ts and repo.ts.

const LESSONS: ComponentType[] = ['lesson', 'segmented lesson'];

type AiRequest = { params: { programSlug: string; c: string }; request: Parameters<typeof learnerContext>[0] };

/** GET of an AI component: the member's chat on it, started on the first read. */
function aiComponent(type: ComponentType) {
  return async ({ params, request }: AiRequest) => {
    const ctx = await learnerContext(request, params.programSlug);
    return {
      status: 200 as const,
      body: await ai.openAi(ctx, componentOf(ctx, params.c, [type]), request.server.config),
    };
  };
}

/** POST of an AI component: the member's message. */
function aiMessage(type: ComponentType) {
  return async ({ params, body, request }: AiRequest & { body: AiChatSendInput }) => {
    const ctx = await learnerContext(request, params.programSlug);
    return {
      status: 200 as const,
      body: await ai.sendAi(ctx, componentOf(ctx, params.c, [type]), request.server.config, body),
    };
  };
}

export const learnRoutes = s.router(contract.learn, {
  memberPrograms: async ({ request }) => ({
    status: 200,
    body: await memberPrograms(request.server.db, request.account!.id),
  }),
  memberProgram: async ({ params, request }) => ({
    status: 200,
    body: await memberProgram(await learnerContext(request, params.slug)),
  }),
  memberSyllabus: async ({ params, request }) => ({
    status: 200,
    body: await syllabus(await learnerContext(request, params.slug)),
  }),
  program: async ({ params, request }) => ({
    status: 200,
    body: await syllabus(await learnerContext(request, params.programSlug)),
  }),
  start: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    await startProgram(ctx.db, ctx.accountId, ctx.program.id);
    return { status: 200, body: await syllabus(ctx) };
  },
  section: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const section = (await sections(ctx)).find((s) => s.slug === params.sectionSlug);
    if (!section) throw notFound();
    return { status: 200, body: section };
  },
  xp: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = ctx.components.find((c) => c.slug === params.componentSlug);
    if (!row) throw notFound();
    const awards = await repo.awardsOf(ctx.db, ctx.accountId, row.id);
    return {
      status: 200,
      body: {
        componentSlug: row.slug,
        xp: row.xp,
        completedAt: toLearnerComponent(row).completedAt,
        awards: awards.map((a) => ({ ...a, awardedAt: new Date(a.awardedAt).toISOString() })),
        programXp: ctx.components.reduce((sum, c) => sum + c.xpAwarded, 0),
      },
    };
  },
  finishState: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const missing = missingRequired(ctx.components);
    const { progress } = await memberProgram(ctx);
    return { status: 200, body: { finished: progress.finishedAt !== null, finishedAt: progress.finishedAt, missing } };
  },
  finish: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const result = await finishProgram(ctx.db, request.server.jobs, ctx.accountId, ctx.program.id, ctx.components);
    if (result.missing.length)
      throw new AppError(409, LEARN_MESSAGES.notFinished, `Missing: ${result.missing.join(', ')}`);
    return { status: 200, body: { finished: true, ...result } };
  },
  feedback: aiComponent('feedback'),
  chat: aiComponent('chat'),
  sendChat: aiMessage('chat'),
  goal: aiComponent('goal'),
  sendGoal: aiMessage('goal'),
  task: aiComponent('task'),
  sendTask: aiMessage('task'),
  instruction: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = ctx.components.find((c) => c.slug === params.c);
    if (!row) throw notFound();
    return {
      status: 200,
      body: { component: toLearnerComponent(row), curriculum: row.curriculum ? served(row.curriculum) : null },
    };
  },
  lesson: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    return { status: 200, body: await lessonView(ctx, componentOf(ctx, params.lessonSlug, LESSONS)) };
  },
  completeLesson: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.lessonSlug, LESSONS);
    if (row.componentType === 'segmented lesson' && (await lessonView(ctx, row)).segments.some((s) => !s.done))
      throw new AppError(409, LEARN_MESSAGES.segmentsLeft);
    await completeComponent(ctx.db, ctx.accountId, row);
    return { status: 200, body: await lessonView(await refreshed(ctx), row) };
  },
  segment: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.lessonSlug, ['segmented lesson']);
    return { status: 200, body: (await segmentView(ctx, row, params.segmentSlug)).view };
  },
  completeSegment: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.lessonSlug, ['segmented lesson']);
    const { view, segmentIds } = await segmentView(ctx, row, params.segmentSlug);
    await answers.completeSegment(ctx, row, view.id, segmentIds);
    return { status: 200, body: (await segmentView(await refreshed(ctx), row, params.segmentSlug)).view };
  },
  assessmentIntroduction: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.a, ['assessment']);
    const assessment = row.assessmentId === null ? undefined : await repo.assessmentFor(ctx.db, row.assessmentId);
    if (!assessment) throw notFound();
    return {
      status: 200,
      body: {
        component: toLearnerComponent(row),
        title: assessment.title,
        introduction: assessment.introduction ? served(assessment.introduction) : null,
        questionCount: assessment.questions.length,
      },
    };
  },
  assessmentQuestion: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    return {
      status: 200,
      body: await assessmentQuestionView(ctx, componentOf(ctx, params.a, ['assessment']), params.index),
    };
  },
  answerAssessment: async ({ params, body, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.a, ['assessment']);
    await answers.answerAssessment(ctx, row, params.index, body.answerIds);
    return { status: 200, body: await assessmentQuestionView(await refreshed(ctx), row, params.index) };
  },
  assessmentOutcome: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.a, ['assessment']);
    const assessment = row.assessmentId === null ? undefined : await repo.assessmentFor(ctx.db, row.assessmentId);
    if (!assessment) throw notFound();
    const outcome = answers.assessmentOutcome(assessment, await answersOf(ctx.db, ctx.accountId, row.id));
    return { status: 200, body: { ...outcome, component: toLearnerComponent(row) } };
  },
  quizQuestion: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.c, ['quiz']);
    const q = row.quizId === null ? undefined : await repo.quizQuestionAt(ctx.db, row.quizId, params.index);
    if (!q) throw notFound();
    const sortedByText = (list: Array<{ id: number; answer: string }>) =>
      q.type === 'sort' ? [...list].sort((a, b) => a.answer.localeCompare(b.answer)) : list;
    return {
      status: 200,
      body: {
        index: params.index,
        questionCount: q.questionIds.length,
        id: q.id,
        question: q.question,
        type: q.type,
        maxChosenAnswers: q.maxChosenAnswers,
        answers: sortedByText(q.answers.map((a) => ({ id: a.id, answer: a.answer }))),
        statements: q.statements.map((s) => ({ id: s.id, statement: s.statement })),
        component: toLearnerComponent(row),
      },
    };
  },
  answerQuiz: async ({ params, body, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.c, ['quiz']);
    const feedback = await answers.answerQuiz(ctx, row, params.index, body);
    return { status: 200, body: { ...feedback, component: learnerComponentIn(await refreshed(ctx), row.id) } };
  },
  surveyQuestion: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    return { status: 200, body: await surveyQuestionView(ctx, componentOf(ctx, params.c, ['survey']), params.index) };
  },
  answerSurvey: async ({ params, body, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.c, ['survey']);
    await answers.answerSurvey(ctx, row, params.index, body);
    return { status: 200, body: await surveyQuestionView(await refreshed(ctx), row, params.index) };
  },
  calendarEvent: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    return { status: 200, body: await calendarView(ctx, componentOf(ctx, params.c, ['calendar event'])) };
  },
  completeCalendarEvent: async ({ params, request }) => {
    const ctx = await learnerContext(request, params.programSlug);
    const row = componentOf(ctx, params.c, ['calendar event']);
    if (!(await calendarView(ctx, row)).event?.hasRsvp) throw new AppError(409, LEARN_MESSAGES.noRsvp);
    await completeComponent(ctx.db, ctx.accountId, row);
    return { status: 200, body: await calendarView(await refreshed(ctx), row) };
  },
});
