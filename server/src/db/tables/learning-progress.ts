import type { Generated } from 'kysely';
import type { DefaultedTimestamp, Json, Timestamp } from './types.js';

/** A learner's start and finish of a program (migration 0023). */
export interface LearningProgramProgressTable {
  accountId: number;
  programId: number;
  startedAt: DefaultedTimestamp;
  finishedAt: Timestamp | null;
}

/** What a learner sent for one component, keyed by question or segment id (see services/learning-progress). */
export type ComponentAnswers = Record<string, unknown>;

/** A learner's progress on one component: unique per account and component (migration 0023). */
export interface LearningComponentProgressTable {
  id: Generated<number>;
  accountId: number;
  componentId: number;
  startedAt: DefaultedTimestamp;
  completedAt: Timestamp | null;
  answers: Json<ComponentAnswers>;
  score: number | null;
  xpAwarded: Generated<number>;
  updatedAt: DefaultedTimestamp;
}

/** XP awarded once per account, component and learning XP kind (migration 0023). */
export interface LearningXpAwardTable {
  id: Generated<number>;
  accountId: number;
  componentId: number;
  learningXpId: number;
  xp: number;
  awardedAt: DefaultedTimestamp;
}
