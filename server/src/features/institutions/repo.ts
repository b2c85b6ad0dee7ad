import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { emptyAddress, type Institution } from '@app/contract';
import type { z } from 'zod';
import type { DB, Db } from '../../db/database.js';
import { likePattern, paginate, rowsInOrder, streamCsv, type CsvColumn, type SortMap } from '../../db/list.js';
import { csvAddress, csvText } from '../../db/copy-csv.js';
import { keptRowCount } from '../../db/row-counts.js';
import { cachedRead } from '../../db/read-cache.js';
import { toUploadedFile } from '../../services/files.js';
import { chapterScope, inScope } from '../../services/auth/chapter-scope.js';

type ListQuery = z.output<typeof import('@app/contract').InstitutionListQuery>;
type Filters = Omit<ListQuery, 'page' | 'pageSize' | 'sort'>;
type Input = z.output<typeof import('@app/contract').InstitutionInput>;

export const institutionSort: SortMap<ListQuery['sort'][number]['field']> = {
  name: 'i.name',
  abbreviation: 'i.abbreviation',
  type: 'i.type',
  ownership: 'i.ownership',
  createdAt: 'i.createdAt',
  id: 'i.id',
};

/** The institutions of the caller's chapters only, when it is chapter-scoped (issue 35 §3). */
function filterInstitutions(db: Db, filters: Filters) {
  let qb = db.selectFrom('institutions as i');
  if (chapterScope())
    qb = qb.where('i.id', 'in', db.selectFrom('chapters as sc').select('sc.institutionId').where(inScope('sc.id')));
  if (filters.search) {
    qb = qb.where('i.search', 'like', likePattern(filters.search.toLowerCase()));
  }
  if (filters.type) qb = qb.where('i.type', '=', filters.type);
  if (filters.ownership) qb = qb.where('i.ownership', '=', filters.ownership);
  if (filters.religiousAffiliation) qb = qb.where('i.religiousAffiliation', '=', filters.religiousAffiliation);
  return qb;
}

function selectInstitutions(db: Db, filters: Filters) {
  return filterInstitutions(db, filters).select([
    'i.id',
    'i.name',
    'i.type',
    'i.abbreviation',
    'i.legacyId',
    'i.ownership',
    'i.website',
    'i.population',
    'i.religiousAffiliation',
    'i.financialModel',
    'i.address',
    'i.createdAt',
    'i.updatedAt',
  ]);
}

function withFiles(qb: ReturnType<typeof selectInstitutions>) {
  return qb.select((eb) => [
    jsonObjectFrom(
      eb
        .selectFrom('files as f')
        .select(['f.id', 'f.fileName', 'f.contentType', 'f.sizeInBytes'])
        .whereRef('f.id', '=', 'i.logoId'),
    ).as('logo'),
    jsonArrayFrom(
      eb
        .selectFrom('institutionLogos as l')
        .innerJoin('files as f', 'f.id', 'l.fileId')
        .select(['f.id', 'f.fileName', 'f.contentType', 'f.sizeInBytes'])
        .whereRef('l.institutionId', '=', 'i.id')
        .orderBy('l.createdAt', 'desc'),
    ).as('logos'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withFiles>['executeTakeFirstOrThrow']>>;

function toInstitution(row: Row): Institution {
  const logo = row.logo ? toUploadedFile(row.logo) : null;
  return {
    ...row,
    type: row.type as Institution['type'],
    ownership: row.ownership as Institution['ownership'],
    religiousAffiliation: row.religiousAffiliation as Institution['religiousAffiliation'],
    financialModel: row.financialModel as Institution['financialModel'],
    address: { ...emptyAddress, ...row.address },
    logo,
    logoUrl: logo?.url ?? null,
    logos: row.logos.map(toUploadedFile),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadInstitutions(db: Db, ids: number[]): Promise<Institution[]> {
  return (await withFiles(selectInstitutions(db, {}).where('i.id', 'in', ids)).execute()).map(toInstitution);
}

/** What an institution page reads: its rows, its logos and their files. */
const INSTITUTION_TABLES = ['institutions', 'institution_logos', 'files'] as const;

export function listInstitutions(db: Db, query: ListQuery) {
  // One statement for the usual page: the page's rows with their files (subqueries evaluated for the
  // page's rows only, after the limit) and, with nothing filtered, the kept row count beside them. A
  // window count would read and number every match first (200 ms over 100,000 rows); filtered, a
  // count(*) of the matches runs beside the page. Remembered until one of its tables changes.
  return cachedRead(db, INSTITUTION_TABLES, `institutions ${JSON.stringify([query, chapterScope()])}`, async () => {
    const page = await paginate(withFiles(selectInstitutions(db, query)), query, institutionSort, 'i.id', {
      count: 'separate',
      ...keptRowCount(db, 'institutions', query),
    });
    return { ...page, items: page.items.map(toInstitution) };
  });
}

export async function getInstitution(db: Db, id: number): Promise<Institution | undefined> {
  return (await rowsInOrder([id], (ids) => loadInstitutions(db, ids)))[0];
}

function values(input: Input) {
  const { logoId, address, ...rest } = input;
  return { ...rest, logoId, address: JSON.stringify(address) };
}

async function rememberLogo(db: Db, institutionId: number, fileId: number | null) {
  if (!fileId) return;
  await db
    .insertInto('institutionLogos')
    .values({ institutionId, fileId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function createInstitution(db: Db, input: Input): Promise<number> {
  const { id } = await db.insertInto('institutions').values(values(input)).returning('id').executeTakeFirstOrThrow();
  await rememberLogo(db, id, input.logoId);
  return id;
}

export async function updateInstitution(db: Db, id: number, input: Input): Promise<boolean> {
  const res = await db
    .updateTable('institutions')
    .set({ ...values(input), updatedAt: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  if (!res.numUpdatedRows) return false;
  await rememberLogo(db, id, input.logoId);
  return true;
}

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'i.id' },
  { header: 'name', value: csvText('i.name') },
  { header: 'abbreviation', value: csvText('i.abbreviation') },
  { header: 'type', value: csvText('i.type') },
  { header: 'ownership', value: csvText('i.ownership') },
  { header: 'religiousAffiliation', value: csvText('i.religiousAffiliation') },
  { header: 'financialModel', value: csvText('i.financialModel') },
  { header: 'legacyId', value: 'i.legacyId' },
  { header: 'website', value: csvText('i.website') },
  { header: 'population', value: csvText('i.population') },
  ...csvAddress('i.address'),
];

export function exportInstitutions(db: Kysely<DB>, query: Omit<ListQuery, 'page' | 'pageSize'>) {
  return streamCsv(db, filterInstitutions(db, query).selectAll('i'), query.sort, institutionSort, csvColumns, 'i.id');
}
