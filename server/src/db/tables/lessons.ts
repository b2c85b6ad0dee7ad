import type { Generated } from 'kysely';
import type { RichTextDoc } from '@app/contract';
import type { CreatedAt, DefaultedTimestamp, Json } from './types.js';

/** The pages of a segmented lesson, densely ordered by `index` within their component (migration 0020). */
export interface LessonSegmentTable {
  id: Generated<number>;
  programComponentId: number;
  name: string;
  /** Unique within the lesson. */
  slug: string;
  curriculum: Json<RichTextDoc>;
  index: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}
