import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { AiChatSendInput } from './ai-chat.js';
import { conflict, ErrorBody } from './common/error.js';
import {
  ComponentContent,
  FinishResult,
  LearnerLesson,
  LearnerSection,
  LearnerSegment,
  MemberProgram,
  Syllabus,
  XpSummary,
} from './learn-program.js';
import {
  AssessmentIntroduction,
  AssessmentOutcomeResult,
  ChoiceAnswer,
  LearnerAiComponent,
  LearnerAssessmentQuestion,
  LearnerCalendarEvent,
  LearnerQuizQuestion,
  LearnerSurveyQuestion,
  QuizFeedback,
  SurveyAnswer,
} from './learn-activities.js';

export * from './learn-program.js';
export * from './learn-activities.js';

// The learner program API (spec 03 §4 "Learner program flow", §7 "Learner program API"). Every call needs a
// signed-in account (401 otherwise). Which programs a member sees: every program is open to every signed-in
// active account (there is no assignment yet; the server keeps the rule in one function). An unknown program,
// section, component or question answers 404; a component addressed through the wrong family (a quiz read as a
// survey) answers 404 too. Components are named by their slug (unique within the program); sections have no
// slug column, so a section's slug is its id as text ('12').

const programParam = z.object({ programSlug: z.string().max(300) });
const componentParam = <K extends string>(name: K) =>
  programParam.extend({ [name]: z.string().max(300) } as { [P in K]: z.ZodString });
const indexParam = <K extends string>(name: K) =>
  componentParam(name).extend({
    index: z.coerce.number().int().min(1).max(10_000).describe('1-based question number'),
  });
const base = '/learn/program/:programSlug';
const errors409 = conflict;
const aiErrors = { 409: ErrorBody, 502: ErrorBody } as const;
const aiOpen =
  'Starts the member’s chat on the first read (409 "AI is not configured yet" without a provider, "This step has no AI template yet" without a template; 502 with the provider’s reason when it fails); later reads answer the kept chat';
const aiSend =
  'Send the member’s message (or `locked: true` to end the chat) and answer the chat with the assistant’s reply; 409 when the step answers once or the chat is locked';

export const learnContract = c.router(
  {
    memberPrograms: {
      method: 'GET',
      path: '/member/programs',
      responses: { 200: z.array(MemberProgram) },
      summary: 'Every program this member may see, by name, with their progress (not paged: programs are few)',
    },
    memberProgram: {
      method: 'GET',
      path: '/member/program/:slug',
      pathParams: z.object({ slug: z.string().max(300) }),
      responses: { 200: MemberProgram },
      summary: 'A program with this member’s progress',
    },
    memberSyllabus: {
      method: 'GET',
      path: '/member/program/:slug/syllabus',
      pathParams: z.object({ slug: z.string().max(300) }),
      responses: { 200: Syllabus },
      summary: 'A program’s sections and components with this member’s progress on each',
    },
    program: {
      method: 'GET',
      path: base,
      pathParams: programParam,
      responses: { 200: Syllabus },
      summary: 'The program as the learner walks it (same shape as the syllabus)',
    },
    start: {
      method: 'POST',
      path: base,
      pathParams: programParam,
      body: c.noBody(),
      responses: { 200: Syllabus },
      summary: 'Start the program (repeating it changes nothing); answers the refreshed syllabus',
    },
    section: {
      method: 'GET',
      path: `${base}/section/:sectionSlug`,
      pathParams: componentParam('sectionSlug'),
      responses: { 200: LearnerSection },
      summary: 'One section (its slug is its id as text) with its components',
    },
    xp: {
      method: 'GET',
      path: `${base}/xp/:componentSlug`,
      pathParams: componentParam('componentSlug'),
      responses: { 200: XpSummary },
      summary: 'The XP a component grants and what this member was awarded (once per XP kind)',
    },
    finishState: {
      method: 'GET',
      path: `${base}/finish`,
      pathParams: programParam,
      responses: { 200: FinishResult },
      summary: 'Whether the program can be finished, and which required components are missing',
    },
    finish: {
      method: 'POST',
      path: `${base}/finish`,
      pathParams: programParam,
      body: c.noBody(),
      responses: { 200: FinishResult, ...errors409 },
      summary: 'Finish the program: 409 until every required component is completed',
    },
    feedback: {
      method: 'GET',
      path: `${base}/feedback/:c`,
      pathParams: componentParam('c'),
      responses: { 200: LearnerAiComponent, ...aiErrors },
      summary: `AI feedback (answered once, then kept). ${aiOpen}`,
    },
    chat: {
      method: 'GET',
      path: `${base}/chat/:c`,
      pathParams: componentParam('c'),
      responses: { 200: LearnerAiComponent, ...aiErrors },
      summary: `AI chat. ${aiOpen}`,
    },
    sendChat: {
      method: 'POST',
      path: `${base}/chat/:c`,
      pathParams: componentParam('c'),
      body: AiChatSendInput,
      responses: { 200: LearnerAiComponent, 400: ErrorBody, ...aiErrors },
      summary: `AI chat: ${aiSend}`,
    },
    goal: {
      method: 'GET',
      path: `${base}/goal/:c`,
      pathParams: componentParam('c'),
      responses: { 200: LearnerAiComponent, ...aiErrors },
      summary: `AI goal creation. ${aiOpen}`,
    },
    sendGoal: {
      method: 'POST',
      path: `${base}/goal/:c`,
      pathParams: componentParam('c'),
      body: AiChatSendInput,
      responses: { 200: LearnerAiComponent, 400: ErrorBody, ...aiErrors },
      summary: `AI goal creation: ${aiSend}`,
    },
    task: {
      method: 'GET',
      path: `${base}/task/:c`,
      pathParams: componentParam('c'),
      responses: { 200: LearnerAiComponent, ...aiErrors },
      summary: `AI task creation. ${aiOpen}`,
    },
    sendTask: {
      method: 'POST',
      path: `${base}/task/:c`,
      pathParams: componentParam('c'),
      body: AiChatSendInput,
      responses: { 200: LearnerAiComponent, 400: ErrorBody, ...aiErrors },
      summary: `AI task creation: ${aiSend}`,
    },
    instruction: {
      method: 'GET',
      path: `${base}/instruction/:c`,
      pathParams: componentParam('c'),
      responses: { 200: ComponentContent },
      summary: 'Any component’s instructions (its curriculum rich text)',
    },
    lesson: {
      method: 'GET',
      path: `${base}/lesson/:lessonSlug`,
      pathParams: componentParam('lessonSlug'),
      responses: { 200: LearnerLesson },
      summary: 'A lesson or segmented lesson with its segments',
    },
    completeLesson: {
      method: 'POST',
      path: `${base}/lesson/:lessonSlug`,
      pathParams: componentParam('lessonSlug'),
      body: c.noBody(),
      responses: { 200: LearnerLesson, ...errors409 },
      summary: 'Mark a lesson done (XP once); a segmented lesson answers 409 until every segment is done',
    },
    segment: {
      method: 'GET',
      path: `${base}/lesson/:lessonSlug/segment/:segmentSlug`,
      pathParams: componentParam('lessonSlug').extend({ segmentSlug: z.string().max(300) }),
      responses: { 200: LearnerSegment },
      summary: 'One segment of a segmented lesson',
    },
    completeSegment: {
      method: 'POST',
      path: `${base}/lesson/:lessonSlug/segment/:segmentSlug`,
      pathParams: componentParam('lessonSlug').extend({ segmentSlug: z.string().max(300) }),
      body: c.noBody(),
      responses: { 200: LearnerSegment },
      summary: 'Mark a segment done; the last one completes the lesson (XP once)',
    },
    assessmentIntroduction: {
      method: 'GET',
      path: `${base}/assessment/:a/introduction`,
      pathParams: componentParam('a'),
      responses: { 200: AssessmentIntroduction },
      summary: 'An assessment component’s title, introduction and question count',
    },
    assessmentQuestion: {
      method: 'GET',
      path: `${base}/assessment/:a/assess/:index`,
      pathParams: indexParam('a'),
      responses: { 200: LearnerAssessmentQuestion },
      summary: 'Assessment question {index} (1-based) with the answers chosen before',
    },
    answerAssessment: {
      method: 'POST',
      path: `${base}/assessment/:a/assess/:index`,
      pathParams: indexParam('a'),
      body: ChoiceAnswer.pick({ answerIds: true }),
      responses: { 200: LearnerAssessmentQuestion },
      summary:
        'Answer assessment question {index}; answering the last unanswered one completes the component (XP once)',
    },
    assessmentOutcome: {
      method: 'GET',
      path: `${base}/assessment/:a/outcome`,
      pathParams: componentParam('a'),
      responses: { 200: AssessmentOutcomeResult, ...errors409 },
      summary:
        'The outcome from the shared scoring function (ties broken by the tie-breaker question); 409 until every question is answered',
    },
    quizQuestion: {
      method: 'GET',
      path: `${base}/quiz/:c/question/:index`,
      pathParams: indexParam('c'),
      responses: { 200: LearnerQuizQuestion },
      summary: 'Quiz question {index} (1-based), without the correct answers',
    },
    answerQuiz: {
      method: 'POST',
      path: `${base}/quiz/:c/question/:index`,
      pathParams: indexParam('c'),
      body: ChoiceAnswer,
      responses: { 200: QuizFeedback },
      summary:
        'Answer quiz question {index}: answers per-answer feedback; answering every question completes the quiz (score: correct answers; XP once)',
    },
    surveyQuestion: {
      method: 'GET',
      path: `${base}/survey/:c/question/:index`,
      pathParams: indexParam('c'),
      responses: { 200: LearnerSurveyQuestion },
      summary: 'Survey question {index} (1-based) with this member’s answer',
    },
    answerSurvey: {
      method: 'POST',
      path: `${base}/survey/:c/question/:index`,
      pathParams: indexParam('c'),
      body: SurveyAnswer,
      responses: { 200: LearnerSurveyQuestion },
      summary: 'Answer survey question {index}; answering every question completes the survey (XP once)',
    },
    calendarEvent: {
      method: 'GET',
      path: `${base}/calendar-event/:c`,
      pathParams: componentParam('c'),
      responses: { 200: LearnerCalendarEvent },
      summary: 'A calendar-event component: its Learning event with this member’s RSVP, and its async fallback',
    },
    completeCalendarEvent: {
      method: 'POST',
      path: `${base}/calendar-event/:c`,
      pathParams: componentParam('c'),
      body: c.noBody(),
      responses: { 200: LearnerCalendarEvent, ...errors409 },
      summary: 'Mark a calendar event done once the member RSVPed (409 before); XP once',
    },
  },
  { metadata: meta.member },
);
