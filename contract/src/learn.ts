import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { AiChat, AiChatSendInput, AI_CHAT_TEMPLATE_TYPES } from './ai-chat.js';
import { conflict, ErrorBody } from './common/error.js';
import { RichTextDoc } from './common/rich-text.js';
import { QUESTION_TYPES } from './common/questions.js';
import { COMPONENT_TYPES } from './program-components.js';
import { SURVEY_QUESTION_TYPES } from './surveys.js';

// The learner program API (spec 03 §4 "Learner program flow", §7 "Learner program API"). Every call needs a
// signed-in account (401 otherwise). Which programs a member sees: every program is open to every signed-in
// active account (there is no assignment yet; the server keeps the rule in one function). An unknown program,
// section, component or question answers 404; a component addressed through the wrong family (a quiz read as a
// survey) answers 404 too. Components are named by their slug (unique within the program); sections have no
// slug column, so a section's slug is its id as text ('12').

export const LEARN_MESSAGES = {
  aiNotConfigured: 'AI is not configured yet',
  aiNoTemplate: 'This step has no AI template yet',
  aiAnswersOnce: 'This step answers once: it takes no messages',
  programNotFound: 'Program not found',
  notFound: 'Not found',
  segmentsLeft: 'Mark every segment of this lesson done first',
  answerEveryQuestion: 'Answer every question first',
  tooManyChoices: 'Too many choices for this question',
  unknownChoice: 'Choose among the answers of this question',
  chooseOne: 'Choose one answer',
  chooseAtLeastOne: 'Choose at least one answer',
  orderEveryAnswer: 'Put every answer in order',
  matchEveryStatement: 'Match every statement',
  writeAnswer: 'Write an answer',
  noRsvp: 'RSVP to the event first',
  notFinished: 'Complete every required component first',
} as const;

const id = z.number().int();
const when = z.string().nullable().describe('ISO 8601 time, or null when it has not happened');

/** Rich text as served to learners: the stored document and its sanitised HTML (safe to insert as is). */
export const ServedRichText = z
  .object({
    doc: RichTextDoc.describe('The stored rich-text document ({type:"doc", content:[...]})'),
    html: z.string().describe('Sanitised HTML rendered by the server'),
  })
  .describe('Rich text: the document and its sanitised HTML');
export type ServedRichText = z.infer<typeof ServedRichText>;

export const LearnerComponent = z.object({
  id,
  slug: z.string().describe('Unique within the program; the {c}, {lessonSlug} or {a} of the calls below'),
  name: z.string(),
  componentType: z.enum(COMPONENT_TYPES),
  sectionSlug: z.string().describe("The section's slug (its id as text)"),
  index: z.number().int().describe('Position within its section, 0-based'),
  xp: z
    .number()
    .int()
    .describe('XP granted once when the component is completed (per learning XP kind it is tagged with)'),
  learningXps: z.array(z.object({ id, name: z.string() })),
  required: z
    .boolean()
    .describe(
      'Counts for finishing the program: every component except AI ones (feedback, chat, goal, task) and calendar events',
    ),
  aiComponent: z
    .boolean()
    .describe(
      'Feedback, chat, goal or task: answered through the AI chat templates (GET .../{feedback|chat|goal|task}/{c})',
    ),
  startedAt: when,
  completedAt: when,
  score: z.number().nullable().describe('Quiz: correct answers; otherwise null'),
  xpAwarded: z.number().int().describe('XP this member earned from it'),
});
export type LearnerComponent = z.infer<typeof LearnerComponent>;

export const LearnerSection = z.object({
  id,
  slug: z.string().describe('The section id as text (sections have no slug column)'),
  name: z.string(),
  description: z.string().nullable(),
  index: z.number().int(),
  components: z.array(LearnerComponent).describe('In order'),
});
export type LearnerSection = z.infer<typeof LearnerSection>;

export const ProgramProgress = z.object({
  startedAt: when.describe('When the member started the program (POST /learn/program/{programSlug})'),
  finishedAt: when.describe('When the program was finished (POST .../finish)'),
  requiredCount: z.number().int(),
  completedRequiredCount: z.number().int(),
  percent: z.number().int().describe('completedRequiredCount / requiredCount, 0 to 100'),
  xpEarned: z.number().int().describe('All XP this member earned in the program'),
  xpByKind: z.array(z.object({ learningXpId: id, name: z.string(), xp: z.number().int() })),
});
export type ProgramProgress = z.infer<typeof ProgramProgress>;

export const MemberProgram = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  summary: z.string().nullable(),
  progress: ProgramProgress,
});
export type MemberProgram = z.infer<typeof MemberProgram>;

export const Syllabus = MemberProgram.extend({
  sections: z.array(LearnerSection).describe('In order, each with its components and this member’s progress'),
});
export type Syllabus = z.infer<typeof Syllabus>;

export const XpSummary = z.object({
  componentSlug: z.string(),
  xp: z.number().int().describe('XP the component grants per learning XP kind'),
  completedAt: when,
  awards: z
    .array(z.object({ learningXpId: id, name: z.string(), xp: z.number().int(), awardedAt: z.string() }))
    .describe('One per learning XP kind, awarded once'),
  programXp: z.number().int().describe('All XP earned in the program'),
});
export type XpSummary = z.infer<typeof XpSummary>;

export const FinishResult = z.object({
  finished: z.boolean(),
  finishedAt: when,
  missing: z.array(z.string()).describe('Slugs of required components not completed yet'),
});
export type FinishResult = z.infer<typeof FinishResult>;

export const ComponentContent = z.object({
  component: LearnerComponent,
  curriculum: ServedRichText.nullable().describe('The component’s instructions or lesson text'),
});
export type ComponentContent = z.infer<typeof ComponentContent>;

export const LearnerSegmentSummary = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  index: z.number().int(),
  done: z.boolean(),
});
export const LearnerLesson = ComponentContent.extend({
  segments: z
    .array(LearnerSegmentSummary)
    .describe('A segmented lesson’s segments in order (empty for a plain lesson)'),
});
export type LearnerLesson = z.infer<typeof LearnerLesson>;

export const LearnerSegment = LearnerSegmentSummary.extend({
  curriculum: ServedRichText,
  previousSlug: z.string().nullable(),
  nextSlug: z.string().nullable(),
  lesson: LearnerComponent,
});
export type LearnerSegment = z.infer<typeof LearnerSegment>;

export const AssessmentIntroduction = z.object({
  component: LearnerComponent,
  title: z.string(),
  introduction: ServedRichText.nullable(),
  questionCount: z.number().int().describe('Questions are read at assess/{index}, index 1 to questionCount'),
});

export const LearnerAssessmentQuestion = z.object({
  index: z.number().int().describe('1-based'),
  questionCount: z.number().int(),
  id,
  question: z.string(),
  type: z.enum(['single select', 'multi select']),
  answers: z.array(z.object({ id, answer: z.string() })),
  chosenAnswerIds: z.array(id).describe('What this member chose before (empty when unanswered)'),
  component: LearnerComponent,
});

export const AssessmentOutcomeResult = z.object({
  outcome: z
    .object({ id, title: z.string(), description: z.string().nullable() })
    .nullable()
    .describe('null when the assessment has no outcomes'),
  totals: z.array(z.object({ outcomeId: id, title: z.string(), total: z.number() })),
  decidedBy: z
    .enum(['score', 'tie-breaker', 'lowest id', 'no outcomes'])
    .describe('How the outcome was found (see the shared scoring function)'),
  component: LearnerComponent,
});

export const ChoiceAnswer = z.object({
  answerIds: z
    .array(id)
    .max(100)
    .default([])
    .describe('Single select: one id; multi select: up to the maximum; sort: every answer id in the learner’s order'),
  text: z.string().max(10_000).nullish().describe('Open ended only'),
  matches: z
    .array(z.object({ statementId: id, answerId: id }))
    .max(100)
    .default([])
    .describe('Matcher only: the answer chosen for each statement'),
});
export type ChoiceAnswer = z.input<typeof ChoiceAnswer>;

export const LearnerQuizQuestion = z.object({
  index: z.number().int().describe('1-based'),
  questionCount: z.number().int(),
  id,
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  maxChosenAnswers: z.number().int().nullable(),
  answers: z
    .array(z.object({ id, answer: z.string() }))
    .describe(
      'For sort, shuffled is up to the app: the stored order is the correct one and is not revealed here (sorted by text)',
    ),
  statements: z.array(z.object({ id, statement: z.string() })).describe('Matcher only'),
  component: LearnerComponent,
});

export const QuizFeedback = z.object({
  correct: z.boolean().describe('The whole question right (open ended is always right: it is stored, not marked)'),
  answers: z
    .array(z.object({ answerId: id, chosen: z.boolean(), correct: z.boolean(), feedback: z.string().nullable() }))
    .describe('Single and multi select: every answer, with its feedback'),
  statements: z
    .array(
      z.object({
        statementId: id,
        chosenAnswerId: id.nullable(),
        correctAnswerId: id,
        correctAnswerText: z.string(),
        correct: z.boolean(),
        feedback: z.string().nullable(),
      }),
    )
    .describe('Matcher: each statement'),
  correctOrder: z.array(id).describe('Sort: the correct order of answer ids'),
  component: LearnerComponent,
});
export type QuizFeedback = z.infer<typeof QuizFeedback>;

export const LearnerSurveyQuestion = z.object({
  index: z.number().int().describe('1-based'),
  questionCount: z.number().int(),
  id,
  question: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  category: z.string().nullable(),
  maxChosenOptions: z.number().int().nullable(),
  options: z.array(z.object({ id, option: z.string() })),
  answer: z
    .object({ optionIds: z.array(id), text: z.string().nullable() })
    .nullable()
    .describe('What this member answered before'),
  component: LearnerComponent,
});

export const SurveyAnswer = z.object({
  optionIds: z
    .array(id)
    .max(100)
    .default([])
    .describe('Single select: one; multi select: up to maxChosenOptions; sort: every option id in the learner’s order'),
  text: z.string().max(10_000).nullish().describe('Open ended only'),
});
export type SurveyAnswer = z.input<typeof SurveyAnswer>;

export const LearnerCalendarEvent = z.object({
  component: LearnerComponent,
  event: z
    .object({
      uuid: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      eventStart: z.string(),
      eventEnd: z.string().nullable(),
      location: z.string().nullable(),
      hasRsvp: z.boolean(),
    })
    .nullable()
    .describe('The Learning event; RSVP through POST /api/member/calendar-events/{uuid}/rsvp'),
  fallback: z
    .object({ slug: z.string(), name: z.string() })
    .nullable()
    .describe('The async component to take instead when the member cannot attend'),
});

/**
 * An AI component (feedback, chat, goal, task) as the member sees it: its instructions and the member's one
 * chat on it. The first GET starts the chat (the template's prompt with the member's tokens goes to the model)
 * and the answer is kept, so later reads show the same conversation without asking again. A Feedback or
 * Programmatic template answers once (the chat is locked and the step completed); a Chat template takes the
 * member's messages (POST) and completes once the member has written one. Goals saved by the AI are in
 * `chat.goals`.
 */
export const LearnerAiComponent = ComponentContent.extend({
  aiConfigured: z
    .boolean()
    .describe(
      'Whether the server has an AI provider; when not, starting or writing to a chat answers 409 "AI is not configured yet"',
    ),
  template: z
    .object({ id, name: z.string(), type: z.enum(AI_CHAT_TEMPLATE_TYPES) })
    .nullable()
    .describe('The AI chat template of the step (null: none chosen yet)'),
  chat: AiChat.nullable().describe("The member's chat on this step, with its messages and saved goals"),
  canSend: z.boolean().describe('Whether the member may write (a Chat template, chat not locked)'),
});
export type LearnerAiComponent = z.infer<typeof LearnerAiComponent>;

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
