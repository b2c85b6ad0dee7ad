import { z } from 'zod';
import { RichTextDoc } from './common/rich-text.js';
import { COMPONENT_TYPES } from './program-components.js';

// What a learner reads of a program (spec 03 §4 "Learner program flow"): the program, its sections and
// components with the member's progress, XP, finishing, and lessons with their segments. The calls are in
// learn.ts.

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
