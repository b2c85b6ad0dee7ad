import { sql, type Kysely } from 'kysely';
import { emptyAddress, type Chapter, type UploadedFile } from '@app/contract';
import type { z } from 'zod';
import type { DB, Db } from '../../db/database.js';
import { likePattern, ownColumns, pageOfRows, paginate, rowsInOrder, streamCsv } from '../../db/list.js';
import type { CsvColumn, ListFilters, SortField, SortMap } from '../../db/list.js';
import { csvAddress, csvText, csvYesNo } from '../../db/copy-csv.js';
import { keptRowCount } from '../../db/row-counts.js';
import { cachedRead } from '../../db/read-cache.js';
import { toUploadedFile, type FileRow } from '../../services/files.js';
import { chapterScope, inScope, scoped } from '../../services/auth/chapter-scope.js';

type ListQuery = z.output<typeof import('@app/contract').ChapterListQuery>;
export type ChapterValues = z.output<typeof import('@app/contract').ChapterInput>;

export const chapterSort: SortMap<SortField<ListQuery>> = {
  ...ownColumns('ch', ['name', 'abbreviation', 'active', 'acceptingMembers', 'createdAt', 'id']),
  institution: 'i.name',
};

/** The chapters matching the filters, and only the caller's when it is chapter-scoped (issue 35 §3). */
function selectChapters(db: Db, filters: ListFilters<ListQuery>) {
  let qb = scoped(db.selectFrom('chapters as ch').innerJoin('institutions as i', 'i.id', 'ch.institutionId'), 'ch.id');
  if (filters.search) {
    // The chapter's own name and abbreviation, or its institution's (both through trigram indexes).
    const pattern = likePattern(filters.search.toLowerCase());
    qb = qb.where((eb) => eb.or([eb('ch.search', 'like', pattern), eb('i.search', 'like', pattern)]));
  }
  if (filters.active !== undefined) qb = qb.where('ch.active', '=', filters.active);
  if (filters.acceptingMembers !== undefined) qb = qb.where('ch.acceptingMembers', '=', filters.acceptingMembers);
  return qb.select([
    'ch.id',
    'ch.name',
    'ch.abbreviation',
    'ch.institutionId',
    'i.name as institutionName',
    'ch.active',
    'ch.acceptingMembers',
    'ch.legacyId',
    'ch.address',
    'ch.invitationAdvisor1Name',
    'ch.invitationAdvisor1Title',
    'ch.invitationAdvisor1Department',
    'ch.invitationAdvisor1Email',
    'ch.invitationAdvisor2Name',
    'ch.invitationAdvisor2Email',
    'ch.invitationPresidentName',
    'ch.invitationPresidentEmail',
    'ch.invitationLandingPage',
    'ch.invitationTestimonialName',
    'ch.invitationTestimonialTitle',
    'ch.invitationTestimonialText',
    'ch.sclaPage',
    'ch.createdAt',
    'ch.updatedAt',
  ]);
}

/** The chapter's file columns, each loaded as one JSON object (or null). */
const fileColumns = {
  logo: 'ch.logoId',
  advisor1Signature: 'ch.invitationAdvisor1SignatureId',
  advisor2Signature: 'ch.invitationAdvisor2SignatureId',
  presidentSignature: 'ch.invitationPresidentSignatureId',
  sclaPageImage: 'ch.sclaPageImageId',
} as const;

/**
 * One file as a JSON object with camelCase keys. Built with json_build_object because the CamelCasePlugin
 * keeps nested JSON keys as they come (`jsonObjectFrom` would answer `file_name`).
 */
function fileJson(column: string) {
  return sql<FileRow | null>`(select json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type, 'sizeInBytes', f.size_in_bytes) from files f where f.id = ${sql.ref(column)})`;
}

function withFiles(qb: ReturnType<typeof selectChapters>) {
  return qb.select(
    Object.entries(fileColumns).map(([alias, column]) => fileJson(column).as(alias as keyof typeof fileColumns)),
  );
}

type Row = Awaited<ReturnType<ReturnType<typeof selectChapters>['executeTakeFirstOrThrow']>> &
  Record<keyof typeof fileColumns, FileRow | null>;

const file = (f: FileRow | null): UploadedFile | null => (f ? toUploadedFile(f) : null);

function toChapter(row: Row): Chapter {
  const logo = file(row.logo);
  return {
    id: row.id,
    name: row.name,
    abbreviation: row.abbreviation,
    institution: { id: row.institutionId, name: row.institutionName },
    active: row.active,
    acceptingMembers: row.acceptingMembers,
    legacyId: row.legacyId,
    address: { ...emptyAddress, ...row.address },
    logo,
    logoUrl: logo?.url ?? null,
    invitationAdvisor1: {
      name: row.invitationAdvisor1Name,
      title: row.invitationAdvisor1Title,
      department: row.invitationAdvisor1Department,
      email: row.invitationAdvisor1Email,
      signature: file(row.advisor1Signature),
    },
    invitationAdvisor2: {
      name: row.invitationAdvisor2Name,
      email: row.invitationAdvisor2Email,
      signature: file(row.advisor2Signature),
    },
    invitationPresident: {
      name: row.invitationPresidentName,
      email: row.invitationPresidentEmail,
      signature: file(row.presidentSignature),
    },
    invitationLandingPage: row.invitationLandingPage,
    invitationTestimonialName: row.invitationTestimonialName,
    invitationTestimonialTitle: row.invitationTestimonialTitle,
    invitationTestimonialText: row.invitationTestimonialText,
    sclaPage: row.sclaPage,
    sclaPageImage: file(row.sclaPageImage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadChapters(db: Db, ids: number[]): Promise<Chapter[]> {
  return ((await withFiles(selectChapters(db, {}).where('ch.id', 'in', ids)).execute()) as Row[]).map(toChapter);
}

/** What a chapter page reads: its rows, their institutions and files. */
const CHAPTER_TABLES = ['chapters', 'institutions', 'files'] as const;

export function listChapters(db: Db, query: ListQuery) {
  // Files are loaded for the page's rows only, not for every match the count walks over. Remembered
  // until one of its tables changes.
  return cachedRead(db, CHAPTER_TABLES, `chapters ${JSON.stringify([query, chapterScope()])}`, async () => {
    const page = await paginate(selectChapters(db, query).clearSelect().select('ch.id'), query, chapterSort, 'ch.id', {
      count: 'separate',
      ...keptRowCount(db, 'chapters', query),
    });
    return pageOfRows(page, (ids) => loadChapters(db, ids));
  });
}

export async function getChapter(db: Db, id: number): Promise<Chapter | undefined> {
  return (await rowsInOrder([id], (ids) => loadChapters(db, ids)))[0];
}

function values(input: ChapterValues) {
  const {
    institutionId,
    address,
    logoId,
    sclaPageImageId,
    invitationAdvisor1: a1,
    invitationAdvisor2: a2,
    invitationPresident: p,
    ...rest
  } = input;
  return {
    ...rest,
    institutionId,
    address: JSON.stringify(address),
    logoId,
    sclaPageImageId,
    invitationAdvisor1Name: a1.name,
    invitationAdvisor1Title: a1.title,
    invitationAdvisor1Department: a1.department,
    invitationAdvisor1Email: a1.email,
    invitationAdvisor1SignatureId: a1.signatureId,
    invitationAdvisor2Name: a2.name,
    invitationAdvisor2Email: a2.email,
    invitationAdvisor2SignatureId: a2.signatureId,
    invitationPresidentName: p.name,
    invitationPresidentEmail: p.email,
    invitationPresidentSignatureId: p.signatureId,
  };
}

export async function createChapter(db: Db, input: ChapterValues): Promise<number> {
  const { id } = await db.insertInto('chapters').values(values(input)).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateChapter(db: Db, id: number, input: ChapterValues): Promise<boolean> {
  const res = await db
    .updateTable('chapters as ch')
    .set({ ...values(input), updatedAt: sql`now()` })
    .where('ch.id', '=', id)
    .where(inScope('ch.id'))
    .executeTakeFirst();
  return !!res.numUpdatedRows;
}

export async function institutionExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('institutions').select('id').where('id', '=', id).executeTakeFirst());
}

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'ch.id' },
  { header: 'name', value: csvText('ch.name') },
  { header: 'abbreviation', value: csvText('ch.abbreviation') },
  { header: 'institution', value: csvText('i.name') },
  { header: 'active', value: csvYesNo('ch.active') },
  { header: 'acceptingMembers', value: csvYesNo('ch.acceptingMembers') },
  { header: 'legacyId', value: 'ch.legacyId' },
  ...csvAddress('ch.address'),
  { header: 'advisor1Name', value: csvText('ch.invitationAdvisor1Name') },
  { header: 'advisor1Title', value: csvText('ch.invitationAdvisor1Title') },
  { header: 'advisor1Department', value: csvText('ch.invitationAdvisor1Department') },
  { header: 'advisor1Email', value: csvText('ch.invitationAdvisor1Email') },
  { header: 'advisor2Name', value: csvText('ch.invitationAdvisor2Name') },
  { header: 'advisor2Email', value: csvText('ch.invitationAdvisor2Email') },
  { header: 'presidentName', value: csvText('ch.invitationPresidentName') },
  { header: 'presidentEmail', value: csvText('ch.invitationPresidentEmail') },
  { header: 'invitationLandingPage', value: csvText('ch.invitationLandingPage') },
  { header: 'sclaPage', value: csvText('ch.sclaPage') },
  // How a chapters import names the institution (docs/imports.md): export -> edit -> import round-trips.
  { header: 'institutionLegacyId', value: 'i.legacyId' },
  { header: 'institutionAbbreviation', value: csvText('i.abbreviation') },
];

export function exportChapters(db: Kysely<DB>, query: Omit<ListQuery, 'page' | 'pageSize'>) {
  return streamCsv(db, selectChapters(db, query), query.sort, chapterSort, csvColumns, 'ch.id');
}
