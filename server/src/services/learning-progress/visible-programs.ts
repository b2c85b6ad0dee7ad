import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The one rule for which programs a member sees: every program is open to every signed-in active account
 * (there is no assignment table yet). An assignment rule would be added here, and every learner call and
 * member AI chat follows.
 */
export function visiblePrograms(db: Db, _accountId: number) {
  return db.selectFrom('programs').select(['id', 'slug', 'name', 'summary']);
}

/**
 * Whether the member may chat on an AI chat template: only when it is the template of a component in a
 * program they can see (staff's drafts and test templates are not theirs to run up the provider's bill).
 */
export async function aiTemplateVisibleTo(db: Db, accountId: number, templateId: number): Promise<boolean> {
  const row = await db
    .selectFrom('programComponents as pc')
    .select(sql<number>`1`.as('one'))
    .where('pc.aiTemplateId', '=', templateId)
    .where('pc.programId', 'in', visiblePrograms(db, accountId).clearSelect().select('programs.id'))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
