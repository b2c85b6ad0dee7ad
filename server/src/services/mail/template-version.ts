import type { Db } from '../../db/database.js';
import type { TemplateType } from '../../db/tables/email.js';

/** What a template version keeps of its template: the message itself, fixed once saved. */
export const VERSIONED_COLUMNS = [
  'subject',
  'body',
  'bodyFormat',
  'preview',
  'fromName',
  'fromEmail',
  'replyToEmail',
] as const;

/** Templates (`t`) joined to their current saved version (`v`), selecting the version's id. */
const currentVersions = (db: Db) =>
  db
    .selectFrom('emailTemplates as t')
    .innerJoin('emailTemplateVersions as v', (j) =>
      j.onRef('v.templateId', '=', 't.id').onRef('v.version', '=', 't.version'),
    )
    .select('v.id');

/** The template's current saved version (what a send or a test send renders), or undefined. */
export async function currentVersionId(db: Db, templateId: number): Promise<number | undefined> {
  return (await currentVersions(db).where('t.id', '=', templateId).executeTakeFirst())?.id;
}

/**
 * The current version of the newest enabled template of a type (the welcome emails and the tickler send
 * "the" template of their type), or undefined when none is enabled.
 */
export async function latestEnabledVersion(db: Db, templateType: TemplateType): Promise<number | undefined> {
  const row = await currentVersions(db)
    .where('t.templateType', '=', templateType)
    .where('t.enabled', '=', true)
    .orderBy('t.updatedAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
