import { z } from 'zod';
import { c } from '../c.js';
import { ErrorBody } from './error.js';
import { idNumber, MAX_INT, STORABLE_TEXT } from './fields.js';
import { paged } from './list.js';
import { QuestionnaireListQuery, type QuestionType } from '../list-queries/questionnaires.js';

export * from '../list-queries/questionnaires.js';

/** How each kind is named on the screens (type badges, the 'Add Question' menu). */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  'single select': 'Single Select',
  'multi select': 'Multi Select',
  sort: 'Sort',
  'open ended': 'Open Ended',
  matcher: 'Matcher',
};

/** Spec 03 §9: names of surveys and quizzes 3 to 254; questions and answers 3 to 511; category and answer feedback 3 to 255. */
export const QUESTION_LIMITS = { name: 254, question: 511, answer: 511, feedback: 255, category: 255, min: 3 } as const;
/** Spec 03 §9: a new question starts with this many blank answers (quiz) or options (survey). */
export const INITIAL_BLANK_ANSWERS = 3;

/**
 * A required text of `min` to `max` characters (trimmed), worded for its label.
 * @example boundedText('Name', 3, 254) // '' -> 'Name is required', 'ab' -> 'Name must be at least 3 characters'
 */
export function boundedText(label: string, min: number, max: number) {
  const required = `${label} is required`;
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be ${max} characters or less`)
    .regex(STORABLE_TEXT, `${label} contains an invalid character`);
}

/**
 * An optional text: blank or absent means null, else `min` to `max` characters.
 * @example optionalText('Category', 3, 255) // '' -> null, 'ab' -> 'Category must be at least 3 characters'
 */
export function optionalText(label: string, min: number, max: number) {
  return z
    .string({ invalid_type_error: `${label} must be text` })
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(
      z
        .string()
        .min(min, `${label} must be at least ${min} characters`)
        .max(max, `${label} must be ${max} characters or less`)
        .regex(STORABLE_TEXT, `${label} contains an invalid character`)
        .nullable(),
    );
}

/**
 * 'Maximum answers to choose' / 'Maximum options to choose': a whole number of 1 or more, or null (no
 * limit). Blank means null; the question's rules check it against the number of answers.
 */
export function maxChosen(label: string) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be 1 or more`)
      .max(MAX_INT, `${label} must be ${MAX_INT} or less`)
      .nullable(),
  );
}

/** An optional id of an existing child row (answer, option, statement): kept when given, else a new row. */
export const childId = z.number().int().positive().max(MAX_INT).optional();

/** Which program components use a quiz or survey: while any does, it cannot be deleted. */
export const UsedBy = z.array(z.object({ id: z.number().int(), name: z.string(), programName: z.string() }));
export type UsedBy = z.infer<typeof UsedBy>;

/**
 * The screens' messages of a quiz-like area (spec 03 §9), worded for its noun.
 * @example questionnaireMessages('Quiz', 'Question').deleted // 'Quiz deleted'
 */
export function questionnaireMessages<N extends string, D extends string>(noun: N, questionDeleted: D) {
  const lower = noun.toLowerCase() as Lowercase<N>;
  return {
    saved: `${noun} saved successfully.`,
    deleted: `${noun} deleted`,
    deleteErrorTitle: `Error deleting ${noun}`,
    deleteError: `Sorry there was an error deleting the ${noun}`,
    questionSaved: 'Question saved successfully.',
    questionDeleteError: `Sorry there was an error deleting the ${questionDeleted}`,
    inUse: `This ${lower} is used by a program component and cannot be deleted`,
  } as const;
}

/** A multi-select limit as answered: how many `plural` a learner may choose (null: any). */
export const maxChosenField = (plural: string) =>
  z.number().int().nullable().describe(`Multi select only: how many ${plural} a learner may choose (null: any)`);

/** A quiz or survey as answered, with its numbered questions and the program components that use it. */
export function questionnaireDetail<Q extends z.ZodTypeAny>(question: Q) {
  return z.object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    questions: z.array(question),
    usedBy: UsedBy,
  });
}

/** The name of a quiz or survey (spec 03 §5: 3 to 254). */
export const QuestionnaireInput = z.object({ name: boundedText('Name', QUESTION_LIMITS.min, QUESTION_LIMITS.name) });
export type QuestionnaireInput = z.input<typeof QuestionnaireInput>;

/** A row of the quiz or survey list (spec 03 §2: name link, question count, last updated). */
export const QuestionnaireRow = z.object({
  id: z.number().int(),
  name: z.string(),
  questionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().describe('Changed by a rename and by any question saved or deleted'),
});
export type QuestionnaireRow = z.infer<typeof QuestionnaireRow>;

/** `/:id/questions/:questionId` */
export const QuestionParams = z.object({ id: idNumber('id'), questionId: idNumber('questionId') });
const IdParams = z.object({ id: idNumber('id') });

/** The new order of a quiz's or survey's questions: every question id, once each, first to last. */
export const QuestionOrderInput = z.object({
  entityIds: z
    .array(idNumber('Question id'), {
      required_error: 'entityIds is required',
      invalid_type_error: 'entityIds must be a list of question ids',
    })
    .refine((ids) => new Set(ids).size === ids.length, 'entityIds must name each question once'),
});
export type QuestionOrderInput = z.input<typeof QuestionOrderInput>;

/** Our texts for reordering (spec 03 shows no question reorder; these follow its component-order texts). */
export const QUESTION_ORDER_MESSAGES = {
  updated: 'Question order updated',
  errorTitle: 'Error updating question order',
  error: 'There was an error updating the question order',
  stale: 'The questions have changed since this page was loaded: reload and try again',
} as const;

/** Texts reported by both kinds (shown under the field the rule is about). */
export const QUESTION_RULES = {
  atLeastTwo: (plural: string) => `Add at least 2 ${plural}`,
  noneForOpenEnded: (plural: string) => `Open ended questions have no ${plural}`,
  duplicate: (singular: string) => `Each ${singular} must be different`,
  maxTooLarge: (label: string, plural: string) => `${label} cannot be more than the number of ${plural}`,
} as const;

/**
 * Checks the answers (or options) of a question of `type`: none for open ended, else at least 2 and all
 * different (case-insensitive); the issues are placed on `key` or on the offending row.
 */
export function checkChoices(
  ctx: z.RefinementCtx,
  type: QuestionType,
  key: string,
  texts: string[],
  singular: string,
  plural: string,
) {
  if (type === 'open ended') {
    if (texts.length) ctx.addIssue({ code: 'custom', path: [key], message: QUESTION_RULES.noneForOpenEnded(plural) });
    return;
  }
  if (texts.length < 2) ctx.addIssue({ code: 'custom', path: [key], message: QUESTION_RULES.atLeastTwo(plural) });
  const seen = new Set<string>();
  texts.forEach((text, i) => {
    const k = text.trim().toLowerCase();
    if (k && seen.has(k))
      ctx.addIssue({ code: 'custom', path: [key, i, singular], message: QUESTION_RULES.duplicate(singular) });
    seen.add(k);
  });
}

/** Checks a multi-select limit against the number of choices (other kinds store no limit). */
export function checkMaxChosen(
  ctx: z.RefinementCtx,
  type: QuestionType,
  key: string,
  value: number | null,
  count: number,
  label: string,
  plural: string,
) {
  if (type === 'multi select' && value !== null && value > count && count > 0) {
    ctx.addIssue({ code: 'custom', path: [key], message: QUESTION_RULES.maxTooLarge(label, plural) });
  }
}

/**
 * The eight admin routes of a quiz-like area at `path` (spec 03 §7): list, one, create, rename
 * (PATCH), delete (204; 409 while a program component uses it), and a question's create (201), update
 * (PATCH) and delete (204). The detail answers the whole questionnaire with its numbered questions.
 * @example c.router(questionnaireRoutes('/admin/quiz', { detail: Quiz, question: QuizQuestion, questionInput: QuizQuestionInput }, 'quiz', 'quizzes'), { metadata: meta.area('quizzes') })
 */
export function questionnaireRoutes<
  P extends string,
  D extends z.ZodTypeAny,
  Q extends z.ZodTypeAny,
  QI extends z.ZodTypeAny,
>(path: P, schemas: { detail: D; question: Q; questionInput: QI }, noun: string, plural: string) {
  return {
    list: {
      method: 'GET',
      path,
      query: QuestionnaireListQuery,
      responses: { 200: paged(QuestionnaireRow) },
      summary: `List ${plural} (search by name)`,
    },
    get: {
      method: 'GET',
      path: `${path}/:id`,
      pathParams: IdParams,
      responses: { 200: schemas.detail, 404: ErrorBody },
      summary: `One ${noun} with its numbered questions`,
    },
    create: {
      method: 'POST',
      path,
      body: QuestionnaireInput,
      responses: { 201: schemas.detail },
      summary: `Create a ${noun}`,
    },
    update: {
      method: 'PATCH',
      path: `${path}/:id`,
      pathParams: IdParams,
      body: QuestionnaireInput,
      responses: { 200: schemas.detail, 404: ErrorBody },
      summary: `Rename a ${noun}`,
    },
    remove: {
      method: 'DELETE',
      path: `${path}/:id`,
      pathParams: IdParams,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody, 409: ErrorBody },
      summary: `Delete a ${noun} and its questions (409 while a program component uses it)`,
    },
    createQuestion: {
      method: 'POST',
      path: `${path}/:id/questions`,
      pathParams: IdParams,
      body: schemas.questionInput,
      responses: { 201: schemas.question, 404: ErrorBody },
      summary: `Add a question at the end of a ${noun}`,
    },
    updateQuestion: {
      method: 'PATCH',
      path: `${path}/:id/questions/:questionId`,
      pathParams: QuestionParams,
      body: schemas.questionInput,
      responses: { 200: schemas.question, 404: ErrorBody },
      summary: `Replace a question of a ${noun} (rows sent with their id keep it)`,
    },
    reorderQuestions: {
      method: 'PATCH',
      path: `${path}/:id/questions/index`,
      pathParams: IdParams,
      body: QuestionOrderInput,
      responses: { 200: schemas.detail, 404: ErrorBody, 409: ErrorBody },
      summary: `Reorder the questions of a ${noun} (entityIds: every question id in the new order; 409 when they are not exactly its questions)`,
    },
    removeQuestion: {
      method: 'DELETE',
      path: `${path}/:id/questions/:questionId`,
      pathParams: QuestionParams,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody },
      summary: `Delete a question of a ${noun}; the ones after it move up`,
    },
  } as const;
}
