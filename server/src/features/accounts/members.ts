import { sql, type Kysely } from 'kysely';
import type { MemberListQuery, MemberRow } from '@app/contract';
import type { z } from 'zod';
import type { DB, Db } from '../../db/database.js';
import { pageOfRows, streamCsv, type CsvColumn, type SortMap } from '../../db/list.js';
import { csvAddress, csvIso, csvText, csvYesNo } from '../../db/copy-csv.js';
import { withholdCsv } from '../../db/directory-opt-out.js';
import { applyAccountFilters, pageOfAccountIds, type AccountFilters } from './filters.js';
import { nameKey } from './repo.js';
import { inScope } from '../../services/auth/chapter-scope.js';

type Sort = z.output<typeof MemberListQuery>['sort'];
type Page = { page: number; pageSize: number; sort: Sort };
type MemberInput = z.output<typeof import('@app/contract').MemberInput>;

export const memberSort: SortMap<Sort[number]['field']> = {
  name: nameKey,
  email: sql`lower(a.email)`,
  memberat: 'a.memberAt',
  pledgedat: 'a.pledgedAt',
  id: 'a.id',
};

/**
 * Members and pledges are accounts with a membership or pledge date (DOMAIN.md); one by id only within the
 * caller's chapter scope (else it is not found).
 */
const isMemberOrPledge = () =>
  sql<boolean>`(a.member_at is not null or a.pledged_at is not null) and ${inScope('a.chapterId')}`;

function selectRows(db: Db) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('institutions as i', 'i.id', 'a.institutionId')
    .select([
      'a.id',
      'a.firstName',
      'a.lastName',
      'a.email',
      'a.invitationCode',
      'i.name as schoolName',
      'a.memberAt',
      'a.pledgedAt',
      'a.directoryOptOut',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>;

function toMemberRow(r: Row): MemberRow {
  return {
    id: r.id,
    firstname: r.firstName,
    lastname: r.lastName,
    fullname: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    invitationcode: r.invitationCode,
    schoolname: r.schoolName,
    memberat: r.memberAt ? r.memberAt.toISOString() : null,
    pledgedat: r.pledgedAt ? r.pledgedAt.toISOString() : null,
    directoryOptOut: r.directoryOptOut,
  };
}

/**
 * One page of members (status member) or pledges (status pledge): the page's ids first (on the
 * accounts table alone, so index scans answer it), then those rows with their school.
 */
export async function listMemberRows(db: Db, filters: AccountFilters & { status: 'member' | 'pledge' }, page: Page) {
  const result = await pageOfAccountIds(db, filters, page, memberSort);
  return pageOfRows(result, async (ids) => (await selectRows(db).where('a.id', 'in', ids).execute()).map(toMemberRow));
}

export async function getMember(db: Db, id: number): Promise<MemberRow | undefined> {
  const row = await selectRows(db).where('a.id', '=', id).where(isMemberOrPledge()).executeTakeFirst();
  return row && toMemberRow(row);
}

export async function updateMember(db: Db, id: number, input: MemberInput): Promise<boolean> {
  const res = await db
    .updateTable('accounts as a')
    .set({ firstName: input.firstname, lastName: input.lastname, email: input.email, updatedAt: sql`now()` })
    .where('a.id', '=', id)
    .where(isMemberOrPledge())
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function isMember(db: Db, id: number): Promise<boolean> {
  return !!(await db
    .selectFrom('accounts as a')
    .select('a.id')
    .where('a.id', '=', id)
    .where(isMemberOrPledge())
    .executeTakeFirst());
}

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'a.id' },
  { header: 'firstname', value: csvText('a.firstName') },
  { header: 'lastname', value: csvText('a.lastName') },
  {
    header: 'fullname',
    value: csvText(sql`btrim(${sql.ref('a.firstName')} || ' ' || ${sql.ref('a.lastName')}, E' \t\n\r')`),
  },
  { header: 'email', value: csvText('a.email') },
  { header: 'invitationcode', value: csvText('a.invitationCode') },
  { header: 'schoolname', value: csvText('i.name') },
  { header: 'memberat', value: csvIso('a.memberAt') },
  { header: 'pledgedat', value: csvIso('a.pledgedAt') },
  // What an accounts import reads besides (docs/imports.md): export -> edit -> import round-trips.
  { header: 'legacyid', value: 'a.legacyId' },
  { header: 'phone', value: csvText('a.phone') },
  { header: 'active', value: csvYesNo('a.active') },
  { header: 'institutionlegacyid', value: 'i.legacyId' },
  { header: 'institutionabbreviation', value: csvText('i.abbreviation') },
  { header: 'chapterlegacyid', value: 'ch.legacyId' },
  { header: 'chapterabbreviation', value: csvText('ch.abbreviation') },
  ...csvAddress('a.address', (part) => part.toLowerCase()),
];

/** The filtered members (or pledges) as CSV, streamed by PostgreSQL's COPY: constant memory. */
export function exportMemberRows(
  db: Kysely<DB>,
  filters: AccountFilters & { status: 'member' | 'pledge' },
  sort: Sort,
) {
  const qb = applyAccountFilters(selectRows(db), filters).leftJoin('chapters as ch', 'ch.id', 'a.chapterId');
  return streamCsv(db, qb, sort, memberSort, withholdCsv(csvColumns, 'a.directoryOptOut'), 'a.id');
}
