import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import {
  boundedText,
  checkChoices,
  checkMaxChosen,
  childId,
  maxChosen,
  optionalText,
  maxChosenField,
  questionnaireMessages,
  questionnaireRoutes,
  questionnaireDetail,
  QUESTION_LIMITS as L,
  QUESTION_TYPES,
  type QuestionType,
} from './common/questions.js';

export const QUIZ_MESSAGES = {
  ...questionnaireMessages('Quiz', 'Question'),
  oneCorrect: 'Mark one answer as correct',
  onlyOneCorrect: 'Only one answer can be correct in a single select question',
  someCorrect: 'Mark at least one answer as correct',
  needsStatement: 'Add at least 1 statement',
  onlyMatcherStatements: 'Only matcher questions have statements',
  answerTextNotFound: 'The matching answer must be one of the answers',
} as const;

/** The kinds the 'Add Question' menu of a quiz offers (spec 03 §2); the data model keeps all of QUESTION_TYPES. */
export const QUIZ_OFFERED_TYPES = ['single select', 'matcher'] as const satisfies readonly QuestionType[];

export const QuizAnswer = z.object({
  id: z.number().int(),
  answer: z.string(),
  correct: z.boolean(),
  feedback: z.string().nullable(),
  outcomeId: z
    .number()
    .int()
    .nullable()
    .describe('An assessment outcome the answer points at; not set by the admin screens'),
});
export type QuizAnswer = z.infer<typeof QuizAnswer>;

/** A matcher statement and the answer it matches (`answerText` is that answer's text). */
export const QuizQuestionStatement = z.object({
  id: z.number().int(),
  statement: z.string(),
  feedback: z.string().nullable(),
  answerId: z.number().int(),
  answerText: z.string(),
});
export type QuizQuestionStatement = z.infer<typeof QuizQuestionStatement>;

export const QuizQuestion = z.object({
  id: z.number().int(),
  index: z.number().int().describe('0-based position in the quiz; shown numbered from 1'),
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  maxChosenAnswers: maxChosenField('answers'),
  answers: z.array(QuizAnswer).describe('In order; for sort, the correct order'),
  quizQuestionStatements: z.array(QuizQuestionStatement).describe('Matcher only'),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const Quiz = questionnaireDetail(QuizQuestion);
export type Quiz = z.infer<typeof Quiz>;

export const QuizAnswerInput = z.object({
  id: childId,
  answer: boundedText('Answer', L.min, L.answer),
  correct: z.boolean({ invalid_type_error: 'Correct must be true or false' }).default(false),
  feedback: optionalText('Feedback', L.min, L.feedback),
});

export const QuizStatementInput = z.object({
  id: childId,
  statement: boundedText('Statement', L.min, L.answer),
  feedback: optionalText('Feedback', 0, L.feedback),
  answerText: boundedText('Matching answer', L.min, L.answer),
});

/**
 * A quiz question (spec 03 §5). Rules by type: open ended has no answers; the others need 2 or more
 * different answers; single select exactly one correct answer; multi select at least one, and
 * `maxChosenAnswers` (null: any) no more than the answers; only a matcher has statements (1 or more),
 * each matched by `answerText` to one of the question's answers. Rows sent with an `id` keep it.
 */
export const QuizQuestionInput = z
  .object({
    question: boundedText('Question', L.min, L.question),
    type: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: 'Type is required' }) }),
    maxChosenAnswers: maxChosen('Maximum answers to choose'),
    answers: z.array(QuizAnswerInput, { invalid_type_error: 'Answers must be a list' }).default([]),
    statements: z.array(QuizStatementInput, { invalid_type_error: 'Statements must be a list' }).default([]),
  })
  .superRefine((q, ctx) => {
    checkChoices(
      ctx,
      q.type,
      'answers',
      q.answers.map((a) => a.answer),
      'answer',
      'answers',
    );
    const correct = q.answers.filter((a) => a.correct).length;
    if (q.type === 'single select' && q.answers.length) {
      if (correct === 0) ctx.addIssue({ code: 'custom', path: ['answers'], message: QUIZ_MESSAGES.oneCorrect });
      if (correct > 1) ctx.addIssue({ code: 'custom', path: ['answers'], message: QUIZ_MESSAGES.onlyOneCorrect });
    }
    if (q.type === 'multi select' && q.answers.length && correct === 0)
      ctx.addIssue({ code: 'custom', path: ['answers'], message: QUIZ_MESSAGES.someCorrect });
    checkMaxChosen(
      ctx,
      q.type,
      'maxChosenAnswers',
      q.maxChosenAnswers,
      q.answers.length,
      'Maximum answers to choose',
      'answers',
    );
    if (q.type !== 'matcher') {
      if (q.statements.length)
        ctx.addIssue({ code: 'custom', path: ['statements'], message: QUIZ_MESSAGES.onlyMatcherStatements });
      return;
    }
    if (!q.statements.length)
      ctx.addIssue({ code: 'custom', path: ['statements'], message: QUIZ_MESSAGES.needsStatement });
    const answers = new Set(q.answers.map((a) => a.answer));
    q.statements.forEach((s, i) => {
      if (s.answerText && !answers.has(s.answerText))
        ctx.addIssue({
          code: 'custom',
          path: ['statements', i, 'answerText'],
          message: QUIZ_MESSAGES.answerTextNotFound,
        });
    });
  })
  .transform((q) => ({ ...q, maxChosenAnswers: q.type === 'multi select' ? q.maxChosenAnswers : null }));
export type QuizQuestionInput = z.input<typeof QuizQuestionInput>;
export type QuizQuestionValues = z.output<typeof QuizQuestionInput>;

export const quizzesContract = c.router(
  questionnaireRoutes(
    '/admin/quiz',
    { detail: Quiz, question: QuizQuestion, questionInput: QuizQuestionInput },
    'quiz',
    'quizzes',
  ),
  {
    metadata: meta.area('quizzes'),
  },
);
