import { sql } from 'kysely';
import type { z } from 'zod';
import type { AiVideo, AiVideoStatus, AiVideoTemplate } from '@app/contract';
import type { Db } from '../../db/database.js';
import { firstItem, likePattern, mapPage, ownColumns, paginate, type SortField, type SortMap } from '../../db/list.js';
import { accountMatches, accountNameMatches, withAccount } from '../../db/account-sql.js';

type TemplateListQuery = z.output<typeof import('@app/contract').AiVideoTemplateListQuery>;
type VideoListQuery = z.output<typeof import('@app/contract').AiVideoListQuery>;
export type TemplateValues = z.output<typeof import('@app/contract').AiVideoTemplateInput>;

// Videos counted on a template: every one not deleted.
const videoCount = sql<number>`(select count(*) from ai_videos v where v.template_id = t.id and v.status <> 'deleted')::int`;

const templateSort: SortMap<SortField<TemplateListQuery>> = {
  name: sql`lower(t.name)`,
  videoCount,
  ...ownColumns('t', ['updatedAt', 'createdAt', 'id']),
};

function selectTemplates(db: Db) {
  return (
    db
      .selectFrom('aiVideoTemplates as t')
      // As text: CamelCasePlugin would rename the provider's variable names (first_name) inside the jsonb.
      .select([
        't.id',
        't.name',
        't.externalId',
        't.summary',
        sql<string>`t.variables::text`.as('variables'),
        't.createdAt',
        't.updatedAt',
        videoCount.as('videoCount'),
      ])
  );
}

type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['executeTakeFirstOrThrow']>>;
const toTemplate = (r: TemplateRow): AiVideoTemplate => ({
  ...r,
  variables: JSON.parse(r.variables) as Record<string, string>,
  videoCount: Number(r.videoCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listTemplates(db: Db, query: TemplateListQuery) {
  let qb = selectTemplates(db);
  if (query.search) qb = qb.where(sql<boolean>`t.name ilike ${likePattern(query.search)}`);
  return mapPage(await paginate(qb, query, templateSort, 't.id'), toTemplate);
}

export async function getTemplate(db: Db, id: number): Promise<AiVideoTemplate | undefined> {
  return firstItem(selectTemplates(db).where('t.id', '=', id), toTemplate);
}

export async function createTemplate(db: Db, values: TemplateValues): Promise<number> {
  const { id } = await db
    .insertInto('aiVideoTemplates')
    .values({ ...values, variables: JSON.stringify(values.variables) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTemplate(db: Db, id: number, values: TemplateValues): Promise<boolean> {
  const res = await db
    .updateTable('aiVideoTemplates')
    .set({ ...values, variables: JSON.stringify(values.variables), updatedAt: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes a template whose videos are all deleted (those rows go with it); 'busy' when some are not. */
export async function deleteTemplate(db: Db, id: number): Promise<'deleted' | 'missing' | 'busy'> {
  const template = await db
    .selectFrom('aiVideoTemplates')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!template) return 'missing';
  const live = await db
    .selectFrom('aiVideos')
    .select('id')
    .where('templateId', '=', id)
    .where('status', '<>', 'deleted')
    .limit(1)
    .executeTakeFirst();
  if (live) return 'busy';
  await db.deleteFrom('aiVideoTemplates').where('id', '=', id).execute();
  return 'deleted';
}

const videoSort: SortMap<VideoListQuery['sort'][number]['field']> = {
  createdAt: 'v.createdAt',
  updatedAt: 'v.updatedAt',
  name: sql`lower(v.name)`,
  status: 'v.status',
  id: 'v.id',
};

function selectVideos(db: Db) {
  const videos = db.selectFrom('aiVideos as v').innerJoin('aiVideoTemplates as t', 't.id', 'v.templateId');
  return withAccount(videos, 'v.accountId').select([
    'v.id',
    'v.name',
    'v.status',
    'v.videoUrl',
    'v.thumbnailUrl',
    'v.error',
    'v.createdAt',
    'v.updatedAt',
    't.id as templateId',
    't.name as templateName',
  ]);
}

type VideoRow = Awaited<ReturnType<ReturnType<typeof selectVideos>['executeTakeFirstOrThrow']>>;
const toVideo = (r: VideoRow): AiVideo => ({
  id: r.id,
  name: r.name,
  account: r.account,
  template: { id: r.templateId, name: r.templateName },
  status: r.status,
  videoUrl: r.videoUrl,
  thumbnailUrl: r.thumbnailUrl,
  emptyMessage: r.error,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listVideos(db: Db, templateId: number, query: VideoListQuery) {
  let qb = selectVideos(db).where('v.templateId', '=', templateId);
  if (query.accountName) qb = qb.where(accountNameMatches(query.accountName));
  if (query.search) qb = qb.where(accountMatches(query.search, 'v.name'));
  if (query.status) qb = qb.where('v.status', '=', query.status);
  return mapPage(await paginate(qb, query, videoSort, 'v.id'), toVideo);
}

export async function generatedVideos(db: Db, templateId: number): Promise<AiVideo[]> {
  const rows = await selectVideos(db)
    .where('v.templateId', '=', templateId)
    .where('v.status', '=', 'generated')
    .orderBy('v.createdAt', 'desc')
    .orderBy('v.id', 'desc')
    .limit(100)
    .execute();
  return rows.map(toVideo);
}

export async function getVideo(db: Db, id: number): Promise<AiVideo | undefined> {
  return firstItem(selectVideos(db).where('v.id', '=', id), toVideo);
}

export async function videoRow(db: Db, id: number) {
  return db
    .selectFrom('aiVideos')
    .select(['id', 'status', 'providerVideoId', 'videoUrl'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function accountLabel(db: Db, id: number) {
  return db
    .selectFrom('accounts')
    .select(['id', sql<string>`trim(first_name || ' ' || last_name)`.as('name')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function createVideo(
  db: Db,
  values: { templateId: number; accountId: number; name: string },
): Promise<number> {
  const { id } = await db.insertInto('aiVideos').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Moves a video to `to` when its status is one of `from`; false when it was not. */
export async function moveVideo(
  db: Db,
  id: number,
  from: readonly AiVideoStatus[],
  to: AiVideoStatus,
): Promise<boolean> {
  const res = await db
    .updateTable('aiVideos')
    .set({ status: to, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
