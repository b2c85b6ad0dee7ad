import type { AiVideoStatus } from '@app/contract';
import type { Db } from '../../server/src/db/database.js';

const TEMPLATE_NAME = 'Welcome to the Society';
const DEMO_MEMBER = { firstName: 'Avery', lastName: 'Demo', email: 'avery.demo@example.edu' };

/** Videos in different states; none needs the provider (generated ones point at a public sample clip). */
const VIDEOS: Array<{ name: string; status: AiVideoStatus; videoUrl?: string; error?: string }> = [
  {
    name: 'Welcome - ready',
    status: 'generated',
    videoUrl: 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4',
  },
  { name: 'Welcome - rendering', status: 'generating' },
  { name: 'Welcome - failed', status: 'failed to generate', error: 'The video provider could not render the video' },
  {
    name: 'Welcome - rejected',
    status: 'rejected',
    error: 'The video provider refused the request (400): Script too long',
  },
];

/**
 * A demo AI video template (its provider variables mapped to tokens) and a few videos of a member in
 * different statuses, written directly (no provider call). Idempotent: added only when no template of that
 * name exists. Answers the number of rows added.
 */
export async function seedAiVideos(db: Db): Promise<number> {
  if (await db.selectFrom('aiVideoTemplates').select('id').where('name', '=', TEMPLATE_NAME).executeTakeFirst())
    return 0;
  const template = await db
    .insertInto('aiVideoTemplates')
    .values({
      name: TEMPLATE_NAME,
      externalId: 'demo_welcome_template',
      summary: 'A short personal welcome from the chapter, naming the new member and their school.',
      variables: JSON.stringify({ first_name: 'firstName', school_name: 'schoolName', chapter_name: 'chapterName' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member =
    (await db
      .selectFrom('accounts')
      .select('id')
      .where('memberAt', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()) ??
    (await db.selectFrom('accounts').select('id').where('email', '=', DEMO_MEMBER.email).executeTakeFirst()) ??
    (await db
      .insertInto('accounts')
      .values({ ...DEMO_MEMBER, address: '{}', memberAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow());
  await db
    .insertInto('aiVideos')
    .values(
      VIDEOS.map((v) => ({
        templateId: template.id,
        accountId: member.id,
        name: v.name,
        status: v.status,
        // Never at the provider: deleting one needs no provider call.
        providerVideoId: null,
        videoUrl: v.videoUrl ?? null,
        error: v.error ?? null,
      })),
    )
    .execute();
  return 1 + VIDEOS.length;
}
