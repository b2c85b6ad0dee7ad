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
} from './common/questions.js';

export const SURVEY_MESSAGES = questionnaireMessages('Survey', 'Survey');

/** Survey question kinds (spec 03 §2), all offered by the 'Add Question' menu. */
export const SURVEY_QUESTION_TYPES = ['single select', 'multi select', 'sort', 'open ended'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

export const SurveyOption = z.object({ id: z.number().int(), option: z.string() });
export type SurveyOption = z.infer<typeof SurveyOption>;

export const SurveyQuestion = z.object({
  id: z.number().int(),
  index: z.number().int().describe('0-based position in the survey; shown numbered from 1'),
  question: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  category: z.string().nullable().describe('A free grouping label for reports'),
  maxChosenOptions: maxChosenField('options'),
  options: z.array(SurveyOption),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

export const Survey = questionnaireDetail(SurveyQuestion);
export type Survey = z.infer<typeof Survey>;

/**
 * A survey question (spec 03 §5): question 3 to 511, category 3 to 255 or null (blank), each option 3 to
 * 511. Open ended has no options; the others need 2 or more different options; `maxChosenOptions` (multi
 * select only; null: any) no more than the options. Options sent with an `id` keep it.
 */
export const SurveyQuestionInput = z
  .object({
    question: boundedText('Question', L.min, L.question),
    type: z.enum(SURVEY_QUESTION_TYPES, { errorMap: () => ({ message: 'Type is required' }) }),
    category: optionalText('Category', L.min, L.category),
    options: z
      .array(z.object({ id: childId, option: boundedText('Option', L.min, L.answer) }), {
        invalid_type_error: 'Options must be a list',
      })
      .default([]),
    maxChosenOptions: maxChosen('Maximum options to choose'),
  })
  .superRefine((q, ctx) => {
    checkChoices(
      ctx,
      q.type,
      'options',
      q.options.map((o) => o.option),
      'option',
      'options',
    );
    checkMaxChosen(
      ctx,
      q.type,
      'maxChosenOptions',
      q.maxChosenOptions,
      q.options.length,
      'Maximum options to choose',
      'options',
    );
  })
  .transform((q) => ({ ...q, maxChosenOptions: q.type === 'multi select' ? q.maxChosenOptions : null }));
export type SurveyQuestionInput = z.input<typeof SurveyQuestionInput>;
export type SurveyQuestionValues = z.output<typeof SurveyQuestionInput>;

export const surveysContract = c.router(
  questionnaireRoutes(
    '/admin/survey',
    { detail: Survey, question: SurveyQuestion, questionInput: SurveyQuestionInput },
    'survey',
    'surveys',
  ),
  {
    metadata: meta.area('surveys'),
  },
);
