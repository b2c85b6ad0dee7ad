import { answersOf } from '../../services/learning-progress/index.js';
import { iso } from '../../db/iso.js';
import * as answers from './answers.js';
import * as repo from './repo.js';
import { componentOf, learnerComponentIn, notFound, served, type LearnerContext } from './service.js';

// What the learner's GETs answer for a lesson, a segment, an assessment or survey question and a calendar
// event: the component's rows read and shaped for the contract (the handlers are in routes.ts).

export async function lessonView(ctx: LearnerContext, row: ReturnType<typeof componentOf>) {
  const [segments, stored] = await Promise.all([
    repo.segmentsOf(ctx.db, row.id),
    answersOf(ctx.db, ctx.accountId, row.id),
  ]);
  return {
    component: learnerComponentIn(ctx, row.id),
    curriculum: row.curriculum ? served(row.curriculum) : null,
    segments: segments.map(({ curriculum: _c, ...s }) => ({ ...s, done: stored[`s${s.id}`] === true })),
  };
}

export async function segmentView(ctx: LearnerContext, row: ReturnType<typeof componentOf>, segmentSlug: string) {
  const segments = await repo.segmentsOf(ctx.db, row.id);
  const at = segments.findIndex((s) => s.slug === segmentSlug);
  if (at < 0 || row.componentType !== 'segmented lesson') throw notFound();
  const stored = await answersOf(ctx.db, ctx.accountId, row.id);
  const { curriculum, ...segment } = segments[at]!;
  return {
    view: {
      ...segment,
      done: stored[`s${segment.id}`] === true,
      curriculum: served(curriculum),
      previousSlug: segments[at - 1]?.slug ?? null,
      nextSlug: segments[at + 1]?.slug ?? null,
      lesson: learnerComponentIn(ctx, row.id),
    },
    segmentIds: segments.map((s) => s.id),
  };
}

export async function assessmentQuestionView(ctx: LearnerContext, row: ReturnType<typeof componentOf>, index: number) {
  const assessment = row.assessmentId === null ? undefined : await repo.assessmentFor(ctx.db, row.assessmentId);
  const q = assessment?.questions[index - 1];
  if (!assessment || !q) throw notFound();
  const chosen = answers.chosenOf(await answersOf(ctx.db, ctx.accountId, row.id), q.id) as
    { answerIds: number[] } | undefined;
  return {
    index,
    questionCount: assessment.questions.length,
    id: q.id,
    question: q.question,
    type: q.type,
    answers: q.answers.map((a) => ({ id: a.id, answer: a.answer })),
    chosenAnswerIds: chosen?.answerIds ?? [],
    component: learnerComponentIn(ctx, row.id),
  };
}

export async function surveyQuestionView(ctx: LearnerContext, row: ReturnType<typeof componentOf>, index: number) {
  const q = row.surveyId === null ? undefined : await repo.surveyQuestionAt(ctx.db, row.surveyId, index);
  if (!q) throw notFound();
  const stored = answers.chosenOf(await answersOf(ctx.db, ctx.accountId, row.id), q.id) as
    answers.SurveyStored | undefined;
  const { questionIds, ...question } = q;
  return {
    index,
    questionCount: questionIds.length,
    ...question,
    answer: stored ?? null,
    component: learnerComponentIn(ctx, row.id),
  };
}

export async function calendarView(ctx: LearnerContext, row: ReturnType<typeof componentOf>) {
  const event = await repo.eventOfComponent(ctx.db, ctx.accountId, row.id);
  const fallback = ctx.components.find((c) => c.id === row.fallbackId);
  return {
    component: learnerComponentIn(ctx, row.id),
    event: event
      ? {
          ...event,
          eventStart: iso(event.eventStart),
          eventEnd: iso(event.eventEnd),
        }
      : null,
    fallback: fallback ? { slug: fallback.slug, name: fallback.name } : null,
  };
}
