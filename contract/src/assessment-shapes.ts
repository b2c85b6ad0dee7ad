import { z } from 'zod';
import { MAX_INT, nullableText, requiredEnum, requiredText } from './common/fields.js';
import { RichTextDoc } from './common/rich-text.js';
import { boundedText } from './common/questions.js';

/* Assessments' limits, messages, what the calls answer and what they take; assessments.ts holds the calls. */

export const ASSESSMENT_QUESTION_TYPES = ['single select', 'multi select'] as const;
export type AssessmentQuestionType = (typeof ASSESSMENT_QUESTION_TYPES)[number];

/** Spec 03 §9: the score matrix grid has up to 12 columns, the answer column and one per outcome. */
export const MAX_ASSESSMENT_OUTCOMES = 11;
/** Our limits where the spec shows none: questions per assessment, answers per question, one score. */
export const MAX_ASSESSMENT_QUESTIONS = 100;
export const MAX_ASSESSMENT_ANSWERS = 20;
export const MAX_ASSESSMENT_SCORE = 1000;
/** Spec 03 §5: a new question starts with 3 blank answers. */
export const INITIAL_ASSESSMENT_ANSWERS = 3;

/** The spec's texts (§8) and ours where it shows none (documented beside each). */
export const ASSESSMENT_MESSAGES = {
  /** Ours: the spec names no success text for the details' save. */
  saved: 'Assessment saved successfully.',
  outcomesSaved: 'Assessment outcomes saved successfully.',
  scoresSaved: 'Assessment scores saved successfully.',
  questionSaved: 'Question saved successfully.',
  deleted: 'Assessment deleted',
  /** Ours. */
  outcomeDeleted: 'Outcome deleted',
  /** Ours. */
  questionDeleted: 'Question deleted',
  saveFailed: 'Error creating assessment',
  deleteFailedTitle: 'Error deleting Assessment',
  deleteFailed: 'Sorry there was an error deleting the Assessment',
  outcomeDeleteFailed: 'Sorry there was an error deleting the Outcome',
  questionDeleteFailed: 'Sorry there was an error deleting the Question',
  inUse: 'This assessment is used by a program component and cannot be deleted',
  tooManyOutcomes: `An assessment can have at most ${MAX_ASSESSMENT_OUTCOMES} outcomes`,
  tooManyQuestions: `An assessment can have at most ${MAX_ASSESSMENT_QUESTIONS} questions`,
  tieBreakerNotHere: 'The tie-breaker question must be a question of this assessment',
  answerNotHere: 'The answer is not an answer of this assessment',
  outcomeNotHere: 'The outcome is not an outcome of this assessment',
  answerNotOfQuestion: 'The answer is not an answer of this question',
  scoredTwice: 'Each answer is scored once per outcome',
} as const;

const id = z.number().int();

export const AssessmentScore = z.object({
  id,
  score: z.number().int().nonnegative(),
  outcomeId: id,
  answerId: id,
});
export type AssessmentScore = z.infer<typeof AssessmentScore>;

export const AssessmentAnswer = z.object({
  id,
  answer: z.string(),
  outcomeId: id
    .nullable()
    .describe(
      'The outcome this answer scores highest (its badge); a tie goes to the lowest outcome id; null when it scores 0 everywhere',
    ),
  scores: z.array(AssessmentScore).describe('Its scores per outcome; an outcome without a row scores 0'),
});
export type AssessmentAnswer = z.infer<typeof AssessmentAnswer>;

export const AssessmentQuestion = z.object({
  id,
  question: z.string(),
  type: z.enum(ASSESSMENT_QUESTION_TYPES),
  index: z
    .number()
    .int()
    .describe('Its place in the assessment: 0, 1, 2 ... with no gaps (the learner API numbers questions by it)'),
  answers: z.array(AssessmentAnswer),
});
export type AssessmentQuestion = z.infer<typeof AssessmentQuestion>;

export const AssessmentOutcome = z.object({ id, title: z.string(), description: z.string().nullable() });
export type AssessmentOutcome = z.infer<typeof AssessmentOutcome>;

/**
 * A personality type test (spec 03 §3 Assessment): outcomes in the order they were added, questions in
 * their `index` order with answers in theirs, every score, and the tie-breaker question.
 * `componentCount`: program components using it (while above 0 it cannot be deleted).
 */
export const Assessment = z.object({
  id,
  title: z.string(),
  introduction: RichTextDoc.nullable(),
  outcomes: z.array(AssessmentOutcome),
  questions: z.array(AssessmentQuestion),
  scores: z.array(AssessmentScore).describe('Every stored score of the matrix (the same rows as under each answer)'),
  tieBreakerQuestion: z.object({ id }).nullable(),
  componentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Assessment = z.infer<typeof Assessment>;

/** A row of the assessments list (spec 03 §2: title, outcome count, question count). */
export const AssessmentListItem = z.object({
  id,
  title: z.string(),
  outcomeCount: z.number().int(),
  questionCount: z.number().int(),
  componentCount: z.number().int().describe('Program components using it: while above 0 it cannot be deleted'),
  createdAt: z.string(),
  updatedAt: z.string().describe('Changed by any save of the assessment, its outcomes, questions or scores'),
  updatedBy: z.string().nullable().describe('Who saved it last'),
});
export type AssessmentListItem = z.infer<typeof AssessmentListItem>;

const title = requiredText('Title is required', 254, 'Title must be 254 characters or less');

/** Create body (spec 03 §5: the title is a string, the introduction a rich-text document; bounds are ours). */
export const AssessmentInput = z.object({
  title,
  introduction: RichTextDoc.nullable().optional().describe('A rich-text document; null or absent: none'),
});
export type AssessmentInput = z.input<typeof AssessmentInput>;

/** PATCH body: the title, the introduction, or both. */
export const AssessmentPatch = AssessmentInput.partial();
export type AssessmentPatch = z.input<typeof AssessmentPatch>;

export const OutcomeInput = z.object({
  title,
  description: nullableText(2000, 'Description').describe('Optional; blank means none'),
});
export type OutcomeInput = z.input<typeof OutcomeInput>;
export const OutcomePatch = OutcomeInput.partial();
export type OutcomePatch = z.input<typeof OutcomePatch>;

const optionalId = (label: string) =>
  z
    .number({ invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(MAX_INT, `${label} must be ${MAX_INT} or less`);

export const AnswerInput = z.object({
  id: optionalId('Answer id').optional().describe('An existing answer of this question (edit); absent: a new answer'),
  answer: boundedText('Answer', 3, 511).describe('3 to 511 characters (spec 03 §9)'),
  outcomeId: optionalId('Outcome')
    .nullish()
    .transform((v) => v ?? null)
    .describe(
      'The outcome this answer counts toward. When it differs from the outcome the answer scores highest, the ' +
        "answer's scores move there: that outcome gets its highest score (at least 1) and the others 0. Null or " +
        'absent keeps the scores as they are. Fine-tune scores in the score matrix.',
    ),
});
export type AnswerInput = z.input<typeof AnswerInput>;

const answers = z
  .array(AnswerInput, { required_error: 'Answers are required', invalid_type_error: 'Answers must be a list' })
  .min(2, 'Add at least 2 answers')
  .max(MAX_ASSESSMENT_ANSWERS, `A question can have at most ${MAX_ASSESSMENT_ANSWERS} answers`)
  .describe(
    'In their order. On edit, the list replaces the answers: those with an id are kept and changed, those without are added, and answers left out are deleted with their scores',
  );

export const QuestionInput = z.object({
  question: boundedText('Question', 3, 511).describe('3 to 511 characters (spec 03 §9)'),
  type: requiredEnum([...ASSESSMENT_QUESTION_TYPES], 'Type must be single select or multi select'),
  answers,
});
export type QuestionInput = z.input<typeof QuestionInput>;
export const QuestionPatch = QuestionInput.partial();
export type QuestionPatch = z.input<typeof QuestionPatch>;

export const ScoreInput = z.object({
  id: optionalId('Score id').optional().describe('Informational: a score is found by its answer and outcome'),
  score: z
    .number({ required_error: 'Score is required', invalid_type_error: 'Score must be a number' })
    .int('Score must be a whole number')
    .min(0, 'Score must be 0 or more')
    .max(MAX_ASSESSMENT_SCORE, `Score must be ${MAX_ASSESSMENT_SCORE} or less`),
  outcomeId: optionalId('Outcome'),
  answerId: optionalId('Answer'),
});
export type ScoreInput = z.input<typeof ScoreInput>;

/**
 * The score matrix form (spec 03 §3): the scores to set, each by answer and outcome (pairs left out keep
 * their score; a missing pair scores 0), and the tie-breaker question (null: none).
 */
export const ScoresInput = z.object({
  tieBreakerQuestionId: optionalId('Tie-breaker question')
    .nullable()
    .describe('A question of this assessment, or null for none'),
  scores: z
    .array(ScoreInput, { required_error: 'Scores are required', invalid_type_error: 'Scores must be a list' })
    .max(MAX_ASSESSMENT_QUESTIONS * MAX_ASSESSMENT_ANSWERS * MAX_ASSESSMENT_OUTCOMES, 'Too many scores')
    .superRefine((scores, ctx) => {
      const seen = new Set<string>();
      scores.forEach((s, i) => {
        const key = `${s.answerId}:${s.outcomeId}`;
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [i, 'answerId'], message: ASSESSMENT_MESSAGES.scoredTwice });
        seen.add(key);
      });
    }),
});
export type ScoresInput = z.input<typeof ScoresInput>;
