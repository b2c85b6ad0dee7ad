import { z } from 'zod';
import { CalendarEventFields } from './calendar.js';
import { nullableInt, refId, requiredEnum, requiredText } from './common/fields.js';
import { RichTextDoc } from './common/rich-text.js';

/** Spec 03 §3 component types, stored and sent by these names. */
export const COMPONENT_TYPES = [
  'lesson',
  'segmented lesson',
  'quiz',
  'feedback',
  'assessment',
  'chat',
  'goal',
  'task',
  'survey',
  'calendar event',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Spec 03 §2 type descriptions, shown in the component dialog. */
export const COMPONENT_TYPE_DESCRIPTIONS: Record<ComponentType, string> = {
  lesson: 'single page content',
  'segmented lesson': 'multi page',
  assessment: 'personality type test',
  feedback: 'non-interactive AI feedback',
  quiz: 'multiple choice knowledge check',
  chat: 'interactive chat',
  goal: 'interactive AI creation',
  task: 'interactive AI creation',
  survey: 'information gathering',
  'calendar event': 'event to join',
};

/** The 'Add Program Component' menu's groups (spec 03 §2), in menu order. */
export const COMPONENT_GROUPS: ReadonlyArray<{ label: string; types: readonly ComponentType[] }> = [
  { label: 'Content', types: ['lesson', 'segmented lesson'] },
  { label: 'AI', types: ['feedback', 'chat', 'goal', 'task'] },
  { label: 'Interactive', types: ['assessment', 'quiz', 'survey'] },
  { label: 'Synchronous', types: ['calendar event'] },
];

/** Types whose learning XP selection is hidden (spec 03 §5); the server clears their XP kinds and amount. */
export const XP_HIDDEN_TYPES: readonly ComponentType[] = ['feedback', 'lesson', 'task', 'goal'];
/** The AI types point at an AI chat template of the matching list (aiFeedbackList, aiChatList, ...). */
export const AI_TYPES: readonly ComponentType[] = ['feedback', 'chat', 'goal', 'task'];

/** Spec 03 §8 texts of the component dialog and the syllabus, verbatim, and the server's refusals. */
export const COMPONENT_MESSAGES = {
  created: 'Component created',
  updated: 'Component saved',
  deleted: 'Component deleted',
  orderUpdated: 'Component order updated',
  saveFailed: 'Error creating component',
  saveFailedDetail: 'Sorry there was an error creating/updating the component',
  deleteFailed: 'Error deleting component',
  deleteFailedDetail: 'Sorry there was an error deleting the component',
  reorderFailed: 'Error updating component',
  reorderFailedDetail: 'There was an error updating the component order',
  isFallback: 'This component is the async fallback of another component and cannot be deleted',
  fallbackRequired: 'Fallback component is required',
  fallbackNotFound: 'Fallback component not found',
  fallbackSelf: 'A component cannot be its own fallback',
  eventRequired: 'Event Start is required',
  assessmentNameLocked: 'The name of an assessment component cannot be changed',
  orderMismatch: 'The order must list every component of the section once',
  sectionNotInProgram: 'Section not found',
} as const;

export const NAME_MIN = 3;
export const NAME_MAX = 254;

/** Name 3 to 254 characters ('Name is required', 'Name must be at least 3 characters', 'Name must be 254 characters or less'). */
export const learningName = () =>
  requiredText('Name is required', NAME_MAX, `Name must be ${NAME_MAX} characters or less`).min(
    NAME_MIN,
    `Name must be at least ${NAME_MIN} characters`,
  );

/** The Learning calendar event of a calendar-event component (its name is the component's). */
export const ComponentCalendarEvent = z.object({
  id: z.number().int(),
  uuid: z.string(),
  eventStart: z.string(),
  eventEnd: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
});

/** Spec 03 §3 Program component. */
export const ProgramComponent = z.object({
  id: z.number().int(),
  programId: z.number().int(),
  programSlug: z.string(),
  sectionId: z.number().int(),
  section: z.object({ id: z.number().int() }),
  name: z.string(),
  slug: z
    .string()
    .describe(
      'From the name when created, unique within the program; a segmented lesson is read at /admin/learning/programs/{programSlug}/lessons/{slug}',
    ),
  componentType: z.enum(COMPONENT_TYPES),
  index: z.number().int().describe('Position within the section, 0-based and dense'),
  curriculum: RichTextDoc.nullable().describe('Rich text of a lesson'),
  assessmentId: z.number().int().nullable(),
  quizId: z.number().int().nullable(),
  surveyId: z.number().int().nullable(),
  aiTemplateId: z.number().int().nullable(),
  aiVideoTemplateId: z.number().int().nullable(),
  calendarHasFallback: z.boolean(),
  fallbackId: z.number().int().nullable(),
  fallbackToName: z.string().nullable().describe('The fallback component’s name'),
  fallbackFor: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe('Calendar-event components using this one as their async fallback (then it cannot be deleted)'),
  learningXpIds: z.array(z.number().int()),
  learningXps: z.array(z.object({ id: z.number().int(), name: z.string() })),
  xp: z.number().int(),
  lessonSegments: z.number().int().describe('How many lesson segments a segmented lesson has (0 otherwise)'),
  calendarEvent: ComponentCalendarEvent.nullable().describe('A calendar event component’s Learning event'),
  updatedAt: z.string(),
});
export type ProgramComponent = z.infer<typeof ProgramComponent>;

const optionalId = (label: string) =>
  nullableInt(label)
    .optional()
    .transform((v) => v ?? null);

/** The event part of a calendar-event component: start, optional end, description and location. */
export const ComponentEventInput = CalendarEventFields.pick({
  eventStart: true,
  eventEnd: true,
  description: true,
  location: true,
}).superRefine((e, ctx) => {
  if (e.eventEnd && e.eventEnd <= e.eventStart)
    ctx.addIssue({ code: 'custom', path: ['eventEnd'], message: 'Event End must be after Event Start' });
});
export type ComponentEventInput = z.input<typeof ComponentEventInput>;

const componentFields = {
  name: learningName(),
  curriculum: RichTextDoc.nullish().transform((v) => v ?? null),
  assessmentId: optionalId('Assessment'),
  quizId: optionalId('Quiz'),
  surveyId: optionalId('Survey'),
  aiTemplateId: optionalId('AI template'),
  aiVideoTemplateId: optionalId('AI video template'),
  learningXpIds: z
    .array(refId('Learning XP is not valid'), { invalid_type_error: 'Learning XP must be a list' })
    .max(50)
    .default([]),
  xp: z
    .number({ invalid_type_error: 'XP must be a number' })
    .int('XP must be a whole number')
    .min(0, 'XP must be 0 or more')
    .max(100_000, 'XP must be 100000 or less')
    .default(0),
  calendarHasFallback: z.boolean({ invalid_type_error: 'Async fallback must be true or false' }).default(false),
  fallbackId: optionalId('Fallback component'),
  calendarEvent: ComponentEventInput.optional(),
};

const fallbackRule = (v: { calendarHasFallback?: boolean; fallbackId?: number | null }, ctx: z.RefinementCtx) => {
  if (v.calendarHasFallback && !v.fallbackId)
    ctx.addIssue({ code: 'custom', path: ['fallbackId'], message: 'Fallback component is required' });
};

/**
 * Add body. Ids that do not fit the type are dropped (a lesson keeps no quizId); XP kinds and amount are
 * cleared for feedback, lesson, task and goal. A calendar event needs `calendarEvent` (its Learning event is
 * created with the component's name) and may name an async fallback component of the same program.
 * Content links (assessment, quiz, survey, AI template) may be chosen later.
 */
export const ProgramComponentInput = z
  .object({ componentType: requiredEnum([...COMPONENT_TYPES], 'Component type is required'), ...componentFields })
  .superRefine((v, ctx) => {
    if (v.componentType === 'calendar event' && !v.calendarEvent)
      ctx.addIssue({ code: 'custom', path: ['calendarEvent', 'eventStart'], message: 'Event Start is required' });
    fallbackRule(v, ctx);
  });
export type ProgramComponentInput = z.input<typeof ProgramComponentInput>;

/** Edit body: any subset of the add fields; the type never changes, an assessment component keeps its name. */
export const ProgramComponentPatch = z.object(componentFields).partial().superRefine(fallbackRule);
export type ProgramComponentPatch = z.input<typeof ProgramComponentPatch>;

/** A key/value option: `key` is the record's id, `value` its label. */
export const KeyValue = z.object({ key: z.number().int(), value: z.string() });
export type KeyValue = z.infer<typeof KeyValue>;

/** The component dialog's option lists (spec 03 §3). The AI lists stay empty until AI templates exist. */
export const ProgramComponentForm = z.object({
  learningXps: z.array(KeyValue),
  aiVideoTemplateList: z.array(KeyValue),
  assessmentsList: z.array(KeyValue),
  aiFeedbackList: z.array(KeyValue),
  aiChatList: z.array(KeyValue),
  aiGoalList: z.array(KeyValue),
  aiTaskList: z.array(KeyValue),
  quizList: z.array(KeyValue),
  surveyList: z.array(KeyValue),
});
export type ProgramComponentForm = z.infer<typeof ProgramComponentForm>;

/**
 * Reorder body: `entityIds` lists the section's components once each in their new order. An id of another
 * section of the program moves that component here (its old section closes the gap). Without `sectionId`
 * the section is the one the ids belong to.
 */
export const ComponentOrderInput = z.object({
  sectionId: z.number().int().positive().optional(),
  entityIds: z
    .array(refId('Component ids must be positive numbers'), {
      required_error: 'entityIds is required',
      invalid_type_error: 'entityIds must be a list',
    })
    .min(1, 'entityIds must list at least one component')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, COMPONENT_MESSAGES.orderMismatch),
});
export type ComponentOrderInput = z.input<typeof ComponentOrderInput>;
