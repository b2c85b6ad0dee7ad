import type { z } from 'zod';
import { listQuery } from '../common/list.js';

// The quiz and survey lists' query and the question kinds the question panel's URL takes, apart from
// their routes (../common/questions.ts): see ./README.md.

/**
 * Question kinds of quizzes and surveys (spec 03 §3), stored by their spec names. Quizzes keep all five
 * in the data model; the admin screens offer the ones in QUIZ_OFFERED_TYPES / SURVEY_QUESTION_TYPES.
 */
export const QUESTION_TYPES = ['single select', 'multi select', 'sort', 'open ended', 'matcher'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QuestionnaireListQuery = listQuery({
  sortable: ['name', 'questionCount', 'updatedAt', 'createdAt', 'id'] as const,
  defaultSort: 'updatedAt:desc',
});
export type QuestionnaireListQuery = z.input<typeof QuestionnaireListQuery>;
