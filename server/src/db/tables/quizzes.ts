import type { Generated } from 'kysely';
import type { QuestionType, SurveyQuestionType } from '@app/contract';
import type { CreatedAt, DefaultedTimestamp } from './types.js';

/** Quizzes (migration 0018); `updatedAt` also moves when a question is saved or deleted. */
export interface QuizTable {
  id: Generated<number>;
  name: string;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** A quiz's questions, `index` dense from 0 within the quiz (writers lock the quiz row first). */
export interface QuizQuestionTable {
  id: Generated<number>;
  quizId: number;
  index: number;
  question: string;
  type: QuestionType;
  maxChosenAnswers: number | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export interface QuizAnswerTable {
  id: Generated<number>;
  questionId: number;
  index: number;
  answer: string;
  correct: Generated<boolean>;
  feedback: string | null;
  outcomeId: number | null;
}

/** A matcher's statements, each matched to one answer of the same question. */
export interface QuizStatementTable {
  id: Generated<number>;
  questionId: number;
  index: number;
  statement: string;
  feedback: string | null;
  answerId: number;
}

export interface SurveyTable {
  id: Generated<number>;
  name: string;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export interface SurveyQuestionTable {
  id: Generated<number>;
  surveyId: number;
  index: number;
  question: string;
  type: SurveyQuestionType;
  category: string | null;
  maxChosenOptions: number | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export interface SurveyOptionTable {
  id: Generated<number>;
  questionId: number;
  index: number;
  option: string;
}
