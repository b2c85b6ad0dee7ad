import type { Generated } from 'kysely';
import type { RichTextDoc } from '@app/contract';
import type { CreatedAt, DefaultedTimestamp, Json } from './types.js';

/** Assessments (migration 0017): personality type tests. */
export interface AssessmentTable {
  id: Generated<number>;
  title: string;
  introduction: Json<RichTextDoc> | null;
  tieBreakerQuestionId: number | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

export interface AssessmentOutcomeTable {
  id: Generated<number>;
  assessmentId: number;
  title: string;
  description: string | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** A question's `index` is dense (0, 1, 2 ...) within its assessment; unique, checked at commit. */
export interface AssessmentQuestionTable {
  id: Generated<number>;
  assessmentId: number;
  question: string;
  type: 'single select' | 'multi select';
  index: number;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export interface AssessmentAnswerTable {
  id: Generated<number>;
  questionId: number;
  answer: string;
  index: number;
}

/** One cell of the score matrix: an answer's points for an outcome (no row: 0). */
export interface AssessmentScoreTable {
  id: Generated<number>;
  answerId: number;
  outcomeId: number;
  score: number;
}
