import { RichTextDoc } from '@app/contract';
import type { Db } from '../../server/src/db/database.js';

const LESSON_SLUG = 'demo-lesson';

const text = (t: string, styles: Record<string, boolean> = {}) => ({ type: 'text', text: t, styles });
const block = (type: string, content: unknown[] = [], props: Record<string, unknown> = {}) => ({
  type,
  props,
  content,
  children: [],
});

/** Three pages of the demo lesson, using most of the editor's blocks (checked against the allow-list). */
const SEGMENTS: Array<{ name: string; slug: string; curriculum: RichTextDoc }> = [
  {
    name: 'The Founding',
    slug: 'the-founding',
    curriculum: {
      type: 'doc',
      content: [
        block('heading', [text('How it started')], { level: 1 }),
        block('paragraph', [
          text('The society was founded by a small group of students who wanted '),
          text('scholarship', { bold: true }),
          text(', service and leadership in one place.'),
        ]),
        block('quote', [text('Lead by serving, learn by leading.')]),
      ],
    },
  },
  {
    name: 'Growing Chapters',
    slug: 'growing-chapters',
    curriculum: {
      type: 'doc',
      content: [
        block('heading', [text('Milestones')], { level: 2 }),
        block('numberedListItem', [text('The first chapter opens')]),
        block('numberedListItem', [text('Chapters on every continent')]),
        block('bulletListItem', [
          text('Read more on '),
          { type: 'link', href: 'https://example.org/history', content: [text('our history page')] },
        ]),
        block('youtube', undefined, { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
      ],
    },
  },
  {
    name: 'Your Part',
    slug: 'your-part',
    curriculum: {
      type: 'doc',
      content: [
        block('heading', [text('Before the next lesson')], { level: 3 }),
        block('checkListItem', [text('Meet your chapter officers')], { checked: false }),
        block('checkListItem', [text('Read the welcome letter')], { checked: true }),
      ],
    },
  },
];

/**
 * Segments of the demo segmented lesson (slug 'demo-lesson', from the programs seed), in order.
 * Idempotent: nothing is added when the lesson is missing or already has segments. Answers the number added.
 */
export async function seedLessons(db: Db): Promise<number> {
  const lesson = await db
    .selectFrom('programComponents')
    .select('id')
    .where('slug', '=', LESSON_SLUG)
    .where('componentType', '=', 'segmented lesson')
    .orderBy('id')
    .executeTakeFirst();
  if (!lesson) return 0;
  if (await db.selectFrom('lessonSegments').select('id').where('programComponentId', '=', lesson.id).executeTakeFirst())
    return 0;
  await db
    .insertInto('lessonSegments')
    .values(
      SEGMENTS.map((s, index) => ({
        programComponentId: lesson.id,
        name: s.name,
        slug: s.slug,
        curriculum: JSON.stringify(RichTextDoc.parse(s.curriculum)),
        index,
      })),
    )
    .execute();
  return SEGMENTS.length;
}
