import { useQueryClient } from '@tanstack/react-query';
import { learnContract, memberEventsContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ learn: learnContract });

/** Query keys of the learner view; every post invalidates the program's keys (progress and syllabus change). */
export const learnQueries = {
  all: ['learn'] as const,
  programs: ['learn', 'programs'] as const,
  program: (slug: string) => ['learn', 'program', slug] as const,
  item: (slug: string, ...path: Array<string | number>) => ['learn', 'program', slug, ...path] as const,
};

export function useMemberPrograms() {
  return tsr.learn.memberPrograms.useQuery({ queryKey: learnQueries.programs });
}

export function useSyllabus(programSlug: string) {
  return tsr.learn.program.useQuery({
    queryKey: learnQueries.program(programSlug),
    queryData: { params: { programSlug } },
  });
}

export function useLesson(programSlug: string, lessonSlug: string) {
  return tsr.learn.lesson.useQuery({
    queryKey: learnQueries.item(programSlug, 'lesson', lessonSlug),
    queryData: { params: { programSlug, lessonSlug } },
  });
}

export function useSegment(programSlug: string, lessonSlug: string, segmentSlug: string) {
  return tsr.learn.segment.useQuery({
    queryKey: learnQueries.item(programSlug, 'lesson', lessonSlug, segmentSlug),
    queryData: { params: { programSlug, lessonSlug, segmentSlug } },
  });
}

export function useCalendarEvent(programSlug: string, c: string) {
  return tsr.learn.calendarEvent.useQuery({
    queryKey: learnQueries.item(programSlug, 'calendar-event', c),
    queryData: { params: { programSlug, c } },
  });
}

export function useQuizQuestion(programSlug: string, c: string, index: number) {
  return tsr.learn.quizQuestion.useQuery({
    queryKey: learnQueries.item(programSlug, 'quiz', c, index),
    queryData: { params: { programSlug, c, index } },
  });
}

export function useSurveyQuestion(programSlug: string, c: string, index: number) {
  return tsr.learn.surveyQuestion.useQuery({
    queryKey: learnQueries.item(programSlug, 'survey', c, index),
    queryData: { params: { programSlug, c, index } },
  });
}

export function useAssessmentIntroduction(programSlug: string, a: string) {
  return tsr.learn.assessmentIntroduction.useQuery({
    queryKey: learnQueries.item(programSlug, 'assessment', a),
    queryData: { params: { programSlug, a } },
  });
}

export function useAssessmentQuestion(programSlug: string, a: string, index: number) {
  return tsr.learn.assessmentQuestion.useQuery({
    queryKey: learnQueries.item(programSlug, 'assessment', a, index),
    queryData: { params: { programSlug, a, index } },
  });
}

export function useAssessmentOutcome(programSlug: string, a: string, enabled: boolean) {
  return tsr.learn.assessmentOutcome.useQuery({
    queryKey: learnQueries.item(programSlug, 'assessment', a, 'outcome'),
    queryData: { params: { programSlug, a } },
    enabled,
  });
}

export type AiKind = 'feedback' | 'chat' | 'goal' | 'task';
const AI_SENDS = { chat: 'sendChat', goal: 'sendGoal', task: 'sendTask' } as const;

/** An AI step: the first read starts the member's chat (asks the model once), so it is not retried. */
export function useAiStep(programSlug: string, kind: AiKind, c: string) {
  // The four reads (and the three sends) share their params and answer: one typed hook serves each.
  const read = tsr.learn[kind] as typeof tsr.learn.chat;
  return read.useQuery({
    queryKey: learnQueries.item(programSlug, kind, c),
    queryData: { params: { programSlug, c } },
    retry: false,
    staleTime: Infinity,
  });
}

/** The member's message to an AI step (feedback takes none); the answer refreshes the program. */
export function useAiSend(kind: AiKind) {
  const queryClient = useQueryClient();
  const send = tsr.learn[kind === 'feedback' ? 'sendChat' : AI_SENDS[kind]] as typeof tsr.learn.sendChat;
  return send.useMutation({ onSuccess: () => queryClient.invalidateQueries({ queryKey: learnQueries.all }) });
}

/** Every learner post; each refreshes the whole program (progress, syllabus, the item itself). */
export function useLearnMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: learnQueries.all });
  return {
    start: tsr.learn.start.useMutation({ onSuccess }),
    finish: tsr.learn.finish.useMutation({ meta: { successMessage: 'Program finished' }, onSuccess }),
    completeLesson: tsr.learn.completeLesson.useMutation({ onSuccess }),
    completeSegment: tsr.learn.completeSegment.useMutation({ onSuccess }),
    answerQuiz: tsr.learn.answerQuiz.useMutation({ onSuccess }),
    answerSurvey: tsr.learn.answerSurvey.useMutation({ onSuccess }),
    answerAssessment: tsr.learn.answerAssessment.useMutation({ onSuccess }),
    completeCalendarEvent: tsr.learn.completeCalendarEvent.useMutation({ onSuccess }),
  };
}

const calendar = areaClient({ memberEvents: memberEventsContract });

/** RSVP to a calendar-event component's Learning event through the member calendar's own call. */
export function useRsvp() {
  const queryClient = useQueryClient();
  return calendar.memberEvents.rsvp.useMutation({
    meta: { successMessage: 'RSVP saved' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnQueries.all }),
  });
}
