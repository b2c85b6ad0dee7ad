import type { Generated } from 'kysely';
import type { RichTextDoc } from '@app/contract';
import type { CreatedAt, DefaultedTimestamp, Json } from './types.js';

/** The component types of spec 03 §3, stored by their spec names (migration 0019). */
export type ProgramComponentTypeColumn =
  | 'lesson'
  | 'segmented lesson'
  | 'quiz'
  | 'feedback'
  | 'assessment'
  | 'chat'
  | 'goal'
  | 'task'
  | 'survey'
  | 'calendar event';

/** Learning programs (migration 0019). */
export interface ProgramTable {
  id: Generated<number>;
  name: string;
  slug: string;
  summary: string | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

/** A program's sections, ordered by `index` (a new one gets 999). */
export interface ProgramSectionTable {
  id: Generated<number>;
  programId: number;
  name: string;
  description: string | null;
  index: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** A section's components, densely ordered by `index` within the section. */
export interface ProgramComponentTable {
  id: Generated<number>;
  programId: number;
  sectionId: number;
  name: string;
  /** Unique within the program. */
  slug: string;
  componentType: ProgramComponentTypeColumn;
  /** Rich text: `{ type: 'doc', content: [...BlockNote blocks] }`. */
  curriculum: Json<RichTextDoc> | null;
  assessmentId: number | null;
  quizId: number | null;
  surveyId: number | null;
  aiTemplateId: number | null;
  aiVideoTemplateId: number | null;
  calendarHasFallback: Generated<boolean>;
  /** The component a calendar event falls back to (restrict: a fallback target cannot be deleted). */
  fallbackId: number | null;
  xp: Generated<number>;
  index: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

/** Named XP kinds (Leadership, Service, ...). */
export interface LearningXpTable {
  id: Generated<number>;
  name: string;
  createdAt: CreatedAt;
}

export interface ProgramComponentXpTable {
  programComponentId: number;
  learningXpId: number;
}
