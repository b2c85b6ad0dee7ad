import { sql } from 'kysely';
import type { Db } from './database.js';

/** The tables whose rows keep a dense `index` (0, 1, 2 ...) under a parent, and the parent's column. */
type OrderedTable = {
  table: 'assessment_questions' | 'lesson_segments' | 'program_components' | 'quiz_questions' | 'survey_questions';
  parentColumn: 'assessment_id' | 'program_component_id' | 'section_id' | 'quiz_id' | 'survey_id';
};

/**
 * Closes the gap a delete (or a move out) leaves: rewrites one parent's `index` values as 0, 1, 2 ... in
 * their current order (index, then id). Call with the parent locked, so concurrent changes apply in turn.
 * @example await closeIndexGap(trx, { table: 'lesson_segments', parentColumn: 'program_component_id' }, componentId);
 */
export async function closeIndexGap(db: Db, { table, parentColumn }: OrderedTable, parentId: number): Promise<void> {
  await sql`
    update ${sql.table(table)} t set index = o.n - 1
    from (select id, row_number() over (order by index, id) as n from ${sql.table(table)} where ${sql.ref(parentColumn)} = ${parentId}) o
    where t.id = o.id and t.index <> o.n - 1`.execute(db);
}
