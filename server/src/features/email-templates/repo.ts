import { sql } from 'kysely';
import type { z } from 'zod';
import type { EmailTemplate, EmailTemplateListQuery, InviteeOptionsQuery } from '@app/contract';
import type { Db } from '../../db/database.js';
import { likePattern, paginate, rowsInOrder, type SortMap } from '../../db/list.js';
import { accountName } from '../../db/account-sql.js';
import { VERSIONED_COLUMNS } from '../../services/mail/template-version.js';

type ListQuery = z.output<typeof EmailTemplateListQuery>;
type Input = z.output<typeof import('@app/contract').EmailTemplateInput>;
type OptionsQuery = z.output<typeof InviteeOptionsQuery>;

const templateSort: SortMap<ListQuery['sort'][number]['field']> = {
  name: 't.name',
  format: 't.bodyFormat',
  enabled: 't.enabled',
  updated: 't.updatedAt',
  id: 't.id',
};

function selectTemplates(db: Db, filters: Omit<ListQuery, 'page' | 'pageSize' | 'sort'>) {
  let qb = db.selectFrom('emailTemplates as t').leftJoin('accounts as a', 'a.id', 't.updatedBy');
  if (filters.search) qb = qb.where('t.search', 'like', likePattern(filters.search.toLowerCase()));
  if (filters.enabled !== undefined) qb = qb.where('t.enabled', '=', filters.enabled);
  if (filters.type) qb = qb.where('t.templateType', '=', filters.type);
  return qb.select([
    't.id',
    't.name',
    't.subject',
    't.body',
    't.bodyFormat',
    't.templateType',
    't.preview',
    't.enabled',
    't.fromName',
    't.fromEmail',
    't.replyToEmail',
    't.version',
    't.createdAt',
    't.updatedAt',
    accountName('a').as('updatedBy'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTemplates>['executeTakeFirstOrThrow']>>;

// updatedAt is typed Generated<Timestamp> (a ColumnType inside Generated), but pg reads it as a Date like any timestamptz.
const toTemplate = (row: Row): EmailTemplate => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: (row.updatedAt as unknown as Date).toISOString(),
});

export async function listEmailTemplates(db: Db, query: ListQuery) {
  const page = await paginate(selectTemplates(db, query), query, templateSort, 't.id');
  return { ...page, items: page.items.map(toTemplate) };
}

export async function getEmailTemplate(db: Db, id: number): Promise<EmailTemplate | undefined> {
  return (
    await rowsInOrder([id], async (ids) =>
      (await selectTemplates(db, {}).where('t.id', 'in', ids).execute()).map(toTemplate),
    )
  )[0];
}

/** Keeps the template's state as it is now as its current version (every save adds one). */
async function writeVersion(db: Db, templateId: number, by: number | null): Promise<number> {
  const { id } = await db
    .insertInto('emailTemplateVersions')
    .columns(['templateId', 'version', ...VERSIONED_COLUMNS, 'createdBy'])
    .expression((eb) =>
      eb
        .selectFrom('emailTemplates')
        .select(['id', 'version', ...VERSIONED_COLUMNS, eb.val(by).as('createdBy')])
        .where('id', '=', templateId),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A new template (version 1) and its first version row, in one transaction. */
export async function createEmailTemplate(db: Db, input: Input, by: number | null): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('emailTemplates')
      .values({ ...input, updatedBy: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeVersion(trx, id, by);
    return id;
  });
}

/** Saves the template as its next version; false when there is no such template. */
export async function updateEmailTemplate(db: Db, id: number, input: Input, by: number | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const res = await trx
      .updateTable('emailTemplates')
      .set({ ...input, updatedBy: by, updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .executeTakeFirst();
    if (!res.numUpdatedRows) return false;
    await writeVersion(trx, id, by);
    return true;
  });
}

function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Every kept version of a template, newest first. */
export async function listVersions(db: Db, templateId: number) {
  return db
    .selectFrom('emailTemplateVersions')
    .selectAll()
    .where('templateId', '=', templateId)
    .orderBy('version', 'desc')
    .execute();
}

export function findInvitee(db: Db, id: number) {
  return db.selectFrom('invitees').select(['id', 'invitationId']).where('id', '=', id).executeTakeFirst();
}

export async function accountExists(db: Db, id: number) {
  return !!(await db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst());
}

const inviteeSort: SortMap<OptionsQuery['sort'][number]['field']> = {
  name: sql`lower(i.first_name || ' ' || i.last_name)`,
  id: 'i.id',
};

/** Invitees for the test-send picker: 'First Last <email>', searched by name and email; removed rows left out. */
export async function listInviteeOptions(db: Db, query: OptionsQuery) {
  let qb = db.selectFrom('invitees as i').where('i.removed', '=', false);
  if (query.search) qb = qb.where('i.search', 'like', likePattern(query.search.toLowerCase()));
  const page = await paginate(
    qb.select(['i.id', 'i.firstName', 'i.lastName', 'i.email', 'i.invitationId']),
    query,
    inviteeSort,
    'i.id',
  );
  return {
    ...page,
    items: page.items.map((i) => ({
      id: i.id,
      email: i.email,
      invitationId: i.invitationId,
      name: `${[i.firstName, i.lastName].filter(Boolean).join(' ')} <${i.email}>`.trim(),
    })),
  };
}
