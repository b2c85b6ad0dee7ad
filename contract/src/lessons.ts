import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody, conflict } from './common/error.js';
import { IdParam, STORABLE_TEXT, idNumber } from './common/fields.js';
import { EMPTY_RICH_TEXT, RichTextDoc } from './common/rich-text.js';

/** Spec 03 §8 texts of the lesson page, verbatim, and the server's own refusals. */
export const LESSON_MESSAGES = {
  orderUpdated: 'Lesson Segment order updated',
  orderFailed: 'Error updating Lesson Segment',
  orderFailedDetail: 'There was an error updating the Lesson Segment order',
  saveFailed: 'Error creating Lesson Segment',
  saveFailedDetail: 'Sorry there was an error creating/updating the Lesson Segment',
  saved: 'Lesson Segment saved successfully.',
  deleted: 'Lesson Segment deleted',
  deleteFailed: 'Error deleting Lesson Segment',
  deleteFailedDetail: 'Sorry there was an error deleting the Lesson Segment',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 3 characters',
  nameTooLong: 'Name must be 254 characters or less',
  nameInvalid: 'Name contains an invalid character',
  notSegmented: 'Only a segmented lesson has segments',
  orderMismatch: 'The order must list every segment of the lesson exactly once',
  lessonNotFound: 'Lesson not found',
  segmentNotFound: 'Lesson Segment not found',
  empty: 'Add your first segment',
} as const;

/** Spec 03 §3 Lesson segment: one page of a segmented lesson. */
export const LessonSegment = z.object({
  id: z.number().int(),
  programComponentId: z.number().int(),
  name: z.string(),
  slug: z
    .string()
    .describe('From the name when created, kept on rename; unique within the lesson (a clash gets -2, -3 ...)'),
  curriculum: RichTextDoc,
  index: z.number().int().describe('Position in the lesson: 0, 1, 2 ... with no gaps'),
  updatedAt: z.string(),
});
export type LessonSegment = z.infer<typeof LessonSegment>;

/**
 * A segmented lesson (a program component of type 'segmented lesson') as its admin page shows it: the
 * details card (name, XP and learning XP kinds) and its segments in order.
 */
export const Lesson = z.object({
  id: z.number().int().describe('The program component id'),
  programId: z.number().int(),
  programSlug: z.string(),
  programName: z.string(),
  name: z.string(),
  slug: z.string(),
  xp: z.number().int(),
  learningXps: z.array(z.object({ id: z.number().int(), name: z.string() })),
  segments: z.array(LessonSegment),
});
export type Lesson = z.infer<typeof Lesson>;

/** Spec 03 §5: a segment name is 3 to 254 characters. */
const segmentName = z
  .string({ required_error: LESSON_MESSAGES.nameRequired, invalid_type_error: LESSON_MESSAGES.nameRequired })
  .trim()
  .min(1, LESSON_MESSAGES.nameRequired)
  .min(3, LESSON_MESSAGES.nameTooShort)
  .max(254, LESSON_MESSAGES.nameTooLong)
  .regex(STORABLE_TEXT, LESSON_MESSAGES.nameInvalid);

/** Add body: a name and its rich-text curriculum (absent: an empty document). */
export const LessonSegmentInput = z.object({
  name: segmentName,
  curriculum: RichTextDoc.optional().transform((doc) => doc ?? EMPTY_RICH_TEXT),
});
export type LessonSegmentInput = z.input<typeof LessonSegmentInput>;

/** Edit body: any of name and curriculum (the editor autosaves the curriculum alone). */
export const LessonSegmentPatch = z.object({ name: segmentName.optional(), curriculum: RichTextDoc.optional() });
export type LessonSegmentPatch = z.input<typeof LessonSegmentPatch>;

/** Reorder body: every segment id of the lesson, in the new order. */
export const LessonSegmentOrderInput = z.object({
  entityIds: z
    .array(idNumber('entityIds'), {
      required_error: 'entityIds is required',
      invalid_type_error: 'entityIds must be a list of ids',
    })
    .max(1000, 'entityIds must list 1000 ids or fewer'),
});
export type LessonSegmentOrderInput = z.input<typeof LessonSegmentOrderInput>;

const LessonSlugParams = z.object({ programSlug: z.string().min(1).max(200), lessonSlug: z.string().min(1).max(200) });

export const lessonsContract = c.router(
  {
    getBySlug: {
      method: 'GET',
      path: '/admin/program/:programSlug/lesson/:lessonSlug',
      pathParams: LessonSlugParams,
      responses: { 200: Lesson, 404: ErrorBody },
      summary:
        'A segmented lesson with its segments, found by the program and lesson slugs (404 for any other component type)',
    },
    createSegment: {
      method: 'POST',
      path: '/admin/program-component/:id/lesson-segment',
      pathParams: IdParam,
      body: LessonSegmentInput,
      responses: { 201: LessonSegment, 400: ErrorBody, 404: ErrorBody, ...conflict },
      summary: 'Add a segment at the end of a segmented lesson (409 for another component type)',
    },
    updateSegment: {
      method: 'PATCH',
      path: '/admin/lesson-segment/:id',
      pathParams: IdParam,
      body: LessonSegmentPatch,
      responses: { 200: LessonSegment, 400: ErrorBody, 404: ErrorBody },
      summary: "Change a segment's name or curriculum (the slug stays)",
    },
    removeSegment: {
      method: 'DELETE',
      path: '/admin/lesson-segment/:id',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody },
      summary: 'Delete a segment (the ones after it move up)',
    },
    reorderSegments: {
      method: 'PATCH',
      path: '/admin/lesson-segment/:id/index',
      pathParams: IdParam,
      body: LessonSegmentOrderInput,
      responses: { 200: z.array(LessonSegment), 400: ErrorBody, 404: ErrorBody, ...conflict },
      summary:
        'Reorder the segments of a lesson: `id` is the lesson (program component) id and entityIds every one of its segment ids in the new order; answers the segments in that order',
    },
  },
  { metadata: meta.area('lessons') },
);
