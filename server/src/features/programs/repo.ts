import { sql } from 'kysely';
import type { z } from 'zod';
import type { Program, ProgramDetail, ProgramSection } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { likePattern, paginate, type SortMap } from '../../db/list.js';
import { loadComponents } from './component-load.js';
import { freeSlug } from '../../services/slug.js';

type ListQuery = z.output<typeof import('@app/contract').ProgramListQuery>;
type ProgramValues = z.output<typeof import('@app/contract').ProgramInput>;
type SectionValues = z.output<typeof import('@app/contract').ProgramSectionInput>;
type SectionPatch = z.output<typeof import('@app/contract').ProgramSectionPatch>;

const programSort: SortMap<ListQuery['sort'][number]['field']> = {
  name: 'p.name',
  createdAt: 'p.createdAt',
  updatedAt: 'p.updatedAt',
  id: 'p.id',
};

const PROGRAM_COLUMNS = ['p.id', 'p.name', 'p.slug', 'p.summary', 'p.createdAt', 'p.updatedAt'] as const;
type ProgramRow = { id: number; name: string; slug: string; summary: string | null; createdAt: Date; updatedAt: Date };
const toProgram = (row: ProgramRow): Program => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listPrograms(db: Db, query: ListQuery) {
  let qb = db.selectFrom('programs as p').select(PROGRAM_COLUMNS);
  if (query.search) qb = qb.where(sql`lower(p.name)`, 'like', likePattern(query.search.toLowerCase()));
  const page = await paginate(qb, query, programSort, 'p.id');
  return { ...page, items: page.items.map(toProgram) };
}

export async function getProgram(db: Db, id: number): Promise<Program | undefined> {
  const row = await db.selectFrom('programs as p').select(PROGRAM_COLUMNS).where('p.id', '=', id).executeTakeFirst();
  return row && toProgram(row);
}

/** The program (by id or slug) with its sections by index and each section's components in order. */
export async function getProgramDetail(
  db: Db,
  by: { id: number } | { slug: string },
): Promise<ProgramDetail | undefined> {
  let qb = db.selectFrom('programs as p').select(PROGRAM_COLUMNS);
  qb = 'id' in by ? qb.where('p.id', '=', by.id) : qb.where('p.slug', '=', by.slug);
  const row = await qb.executeTakeFirst();
  if (!row) return undefined;
  const sections = await db
    .selectFrom('programSections')
    .select(['id', 'programId', 'name', 'description', 'index'])
    .where('programId', '=', row.id)
    .orderBy('index')
    .orderBy('id')
    .execute();
  const components = await loadComponents(db, { programId: row.id });
  return {
    ...toProgram(row),
    sections: sections.map((s) => ({ ...s, components: components.filter((c) => c.sectionId === s.id) })),
  };
}

export async function createProgram(trx: Trx, input: ProgramValues, accountId: number): Promise<number> {
  // One program creation at a time picks slugs, so two programs of one name get -2 rather than a 409.
  await sql`select pg_advisory_xact_lock(hashtext('programs.slug'))`.execute(trx);
  const slug = await freeSlug(trx, 'programs', input.name, 'program');
  const { id } = await trx
    .insertInto('programs')
    .values({ ...input, slug, updatedBy: accountId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProgram(
  db: Db,
  id: number,
  input: Partial<ProgramValues>,
  accountId: number,
): Promise<boolean> {
  const res = await db
    .updateTable('programs')
    .set({ ...input, updatedBy: accountId, updatedAt: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Deletes a program, its sections, components (with their links) and the components' Learning events. */
export async function deleteProgram(trx: Trx, id: number): Promise<boolean> {
  const program = await trx.selectFrom('programs').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!program) return false;
  await sql`delete from calendar_events where type = 'Learning' and program_component_id in (select id from program_components where program_id = ${id})`.execute(
    trx,
  );
  await trx.deleteFrom('programComponents').where('programId', '=', id).execute();
  await trx.deleteFrom('programs').where('id', '=', id).execute();
  return true;
}

export async function touchProgram(db: Db, id: number): Promise<void> {
  await db
    .updateTable('programs')
    .set({ updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

const SECTION_COLUMNS = ['id', 'programId', 'name', 'description', 'index'] as const;

export async function getSection(db: Db, id: number): Promise<ProgramSection | undefined> {
  return db.selectFrom('programSections').select(SECTION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function createSection(db: Db, programId: number, input: SectionValues): Promise<ProgramSection> {
  return db
    .insertInto('programSections')
    .values({ ...input, programId })
    .returning(SECTION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateSection(db: Db, id: number, input: SectionPatch): Promise<ProgramSection | undefined> {
  return db
    .updateTable('programSections')
    .set({ ...input, updatedAt: sql`now()` })
    .where('id', '=', id)
    .returning(SECTION_COLUMNS)
    .executeTakeFirst();
}

/** 'missing' when there is no such section, 'used' while components belong to it. */
export async function deleteSection(trx: Trx, id: number): Promise<'deleted' | 'missing' | 'used'> {
  const section = await trx.selectFrom('programSections').select('programId').where('id', '=', id).executeTakeFirst();
  if (!section) return 'missing';
  // The program's lock orders this after any reorder moving a component into the section.
  await trx.selectFrom('programs').select('id').where('id', '=', section.programId).forUpdate().execute();
  const used = await trx
    .selectFrom('programComponents')
    .select('id')
    .where('sectionId', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (used) return 'used';
  await trx.deleteFrom('programSections').where('id', '=', id).execute();
  return 'deleted';
}
