import { z } from 'zod';
import { AiChat, AI_CHAT_TEMPLATE_TYPES } from './ai-chat.js';
import { QUESTION_TYPES } from './common/questions.js';
import { SURVEY_QUESTION_TYPES } from './surveys.js';
import { ComponentContent, LearnerComponent, ServedRichText } from './learn-program.js';

// The steps a learner answers or joins (spec 03 §4): assessments, quiz and survey questions with their
// answers and feedback, calendar events, and AI components. The calls are in learn.ts.

const id = z.number().int();

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
