import {
  chapterScope,
  inScope,
  inScopeInvitation,
  invitationReachable,
  scoped,
} from '../../services/auth/chapter-scope.js';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { INVITEE_EMAIL_FLAGS, type Invitee, type InviteeEventKey } from '@app/contract';
import type { z } from 'zod';
import type { DB, Db } from '../../db/database.js';
import {
  countRows,
  fewSearchMatches,
  NEAR_START,
  likePattern,
  mapPage,
  paginateRows,
  streamCsv,
  unindexedSort,
  type CsvColumn,
  type SortMap,
} from '../../db/list.js';
import { csvIso, csvJsonText, csvText, csvYesNo } from '../../db/copy-csv.js';
import { searchable, withholdCsv } from '../../db/directory-opt-out.js';
import { invitationsWithNames } from '../../db/invitation-names.js';
import { keptInviteeTotal, type InviteeFilters } from '../../db/invitee-totals.js';

type ListQuery = z.output<typeof import('@app/contract').InviteeListQuery>;
type Filters = InviteeFilters;

export const inviteeSort: SortMap<ListQuery['sort'][number]['field']> = {
  id: 'iv.id',
  lastName: 'iv.lastName',
  firstName: 'iv.firstName',
  email: 'iv.email',
  inviteCount: 'iv.inviteCount',
  legacyPledgeAt: 'iv.legacyPledgeAt',
  legacyPaidAt: 'iv.legacyPaidAt',
  rowNumber: 'iv.rowNumber',
};

/** The event filter's keys as conditions on the invitee (spec 02 §2). */
function eventCondition(event: InviteeEventKey) {
  if (event === 'paid') return sql<boolean>`iv.legacy_paid_at is not null`;
  if (event === 'pledge') return sql<boolean>`iv.legacy_pledge_at is not null and iv.legacy_paid_at is null`;
  return sql<boolean>`${sql.ref(`iv.${INVITEE_EMAIL_FLAGS[event]}`)} = true`;
}

const inviteesOf = (db: Db) => db.selectFrom('invitees as iv');
type InviteeRows = ReturnType<typeof inviteesOf>;

/** The filters' conditions on invitees (`iv`): all of them but the chapter scope and the invitation. */
function withInviteeFilters(qb: InviteeRows, filters: Filters): InviteeRows {
  if (filters.search) {
    // Names and email through the trigram index; a code by its prefix (codes are upper case).
    const pattern = likePattern(filters.search.toLowerCase());
    const code = `${filters.search.toUpperCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const match = sql<boolean>`(iv.search like ${pattern} or iv.invitation_code like ${code})`;
    qb = qb.where(searchable(match, 'iv.directoryOptOut'));
  }
  if (filters.inviteCount) {
    qb =
      filters.inviteCount === '4+'
        ? qb.where('iv.inviteCount', '>=', 4)
        : qb.where('iv.inviteCount', '=', Number(filters.inviteCount));
  }
  if (filters.removed !== undefined) qb = qb.where('iv.removed', '=', filters.removed);
  if (filters.test === true) qb = qb.where('iv.testValue', '=', 'Variation');
  if (filters.test === false) qb = qb.where(sql<boolean>`iv.test_value is distinct from 'Variation'`);
  if (filters.event) qb = qb.where(eventCondition(filters.event));
  return qb;
}

/** The invitees under the filters, only of the caller's chapters' invitations when it is chapter-scoped. */
function filterInvitees(db: Db, filters: Filters) {
  let qb = scoped(inviteesOf(db), inScopeInvitation('iv.invitationId'));
  if (filters.invitationId !== undefined) qb = qb.where('iv.invitationId', '=', filters.invitationId);
  return withInviteeFilters(qb, filters);
}

function selectFull(db: Db) {
  return invitationsWithNames(db)
    .innerJoin('invitees as iv', 'iv.invitationId', 'inv.id')
    .selectAll('iv')
    .select(['i.name as institutionName', 'ch.name as chapterName', 'inv.deliverEmails', 'inv.deliverPostalMails']);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectFull>['executeTakeFirstOrThrow']>>;

function toInvitee(row: Row): Invitee {
  const flags = Object.fromEntries(Object.values(INVITEE_EMAIL_FLAGS).map((f) => [f, row[f]])) as Record<
    (typeof INVITEE_EMAIL_FLAGS)[keyof typeof INVITEE_EMAIL_FLAGS],
    boolean
  >;
  return {
    id: row.id,
    invitation: {
      id: row.invitationId,
      institutionName: row.institutionName,
      chapterName: row.chapterName,
      deliverEmails: row.deliverEmails,
      deliverPostalMails: row.deliverPostalMails,
    },
    rowNumber: row.rowNumber,
    salutation: row.salutation,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    major: row.major,
    class: row.class,
    removed: row.removed,
    removedReason: row.removedReason,
    invitationCode: row.invitationCode,
    mailingAddress: row.mailingAddress ?? {},
    phoneNumber: row.phoneNumber,
    legacyPledgeAt: row.legacyPledgeAt?.toISOString() ?? null,
    legacyPaidAt: row.legacyPaidAt?.toISOString() ?? null,
    inviteCount: row.inviteCount,
    testValue: row.testValue,
    directoryOptOut: row.directoryOptOut,
    ...flags,
  };
}

/** One invitee within the caller's chapter scope; undefined when there is none. */
export async function getInvitee(db: Db, id: number): Promise<Invitee | undefined> {
  const row = await selectFull(db)
    .where('iv.id', '=', id)
    .where(inScope(inScopeInvitation('iv.invitationId')))
    .executeTakeFirst();
  return row && toInvitee(row);
}

/** The sort keys each invitation's invitees are indexed by: `(invitation_id, id)` and `(invitation_id, row_number)`. */
const perInvitationSort: SortMap<'id' | 'rowNumber'> = { id: 'iv.id', rowNumber: 'iv.rowNumber' };

/**
 * A chapter-scoped caller's first pages in an order each invitation's invitees are indexed by (id, the default,
 * or row number), without a search: the first `offset + pageSize` of each of its invitations, read in index order
 * and stopped there, then merged. Undefined for any other page, which finds all the chapter's matches and sorts
 * them. The total never counts these rows (see listInvitees).
 */
function firstOfEachInvitation(db: Db, filters: Filters, query: ListQuery) {
  const [term, ...more] = query.sort;
  const offset = (query.page - 1) * query.pageSize;
  const scope = chapterScope();
  if (!scope || filters.search || more.length || !term || !(term.field in perInvitationSort)) return undefined;
  if (offset >= NEAR_START) return undefined;
  const key = perInvitationSort[term.field as keyof typeof perInvitationSort];
  const first = withInviteeFilters(inviteesOf(db), filters)
    .where(sql<boolean>`iv.invitation_id = inv.id`)
    .select(['iv.id', 'iv.rowNumber'])
    .orderBy(sql.ref(key as string), term.direction)
    .orderBy('iv.id', term.direction)
    .limit(offset + query.pageSize);
  let invitations = db.selectFrom('invitations as inv').where(inScope('inv.chapterId', scope));
  if (filters.invitationId !== undefined) invitations = invitations.where('inv.id', '=', filters.invitationId);
  return invitations.innerJoinLateral(first.as('iv'), (join) => join.onTrue()).select('iv.id');
}

/**
 * One page of invitees, of one invitation or of all. The page is found on ids (index order, no join)
 * and read in full in the same statement; it is counted at the same time, from the kept counts of the
 * invitations the caller reaches where they answer (keptInviteeTotal), else by counting the matches; a
 * search is found and counted together first.
 */
export async function listInvitees(db: Db, query: ListQuery, invitationId?: number) {
  const filters = { ...query, invitationId };
  const filtered = filterInvitees(db, filters);
  const kept = () => keptInviteeTotal(db, filters);
  const options = { tieBreakerFollowsSort: true, total: kept, totalInScope: true };
  const full = (ids: SelectQueryBuilder<any, any, { id: number }>) => selectFull(db).where('iv.id', 'in', ids);
  const first = firstOfEachInvitation(db, filters, query);
  // Those rows are not all the matches: a total the kept counts do not give counts the matches themselves.
  const total = async () => (await kept()) ?? (await countRows(filtered));
  const page = first
    ? await paginateRows(first, query, perInvitationSort, 'iv.id', { ...options, total }, full)
    : // One chapter's invitees (a chapter-scoped caller) are found through their invitations, then sorted.
      await paginateRows(
        filtered.select('iv.id'),
        query,
        chapterScope() ? unindexedSort(inviteeSort) : inviteeSort,
        'iv.id',
        { ...options, fewMatches: fewSearchMatches(db, query.search) },
        full,
      );
  return mapPage(page, toInvitee);
}

/** Whether the invitation exists within the caller's chapter scope. */
export const invitationExists = invitationReachable;

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'iv.id' },
  { header: 'invitationId', value: 'iv.invitationId' },
  { header: 'rowNumber', value: 'iv.rowNumber' },
  { header: 'salutation', value: csvText('iv.salutation') },
  { header: 'firstName', value: csvText('iv.firstName') },
  { header: 'lastName', value: csvText('iv.lastName') },
  { header: 'email', value: csvText('iv.email') },
  { header: 'major', value: csvText('iv.major') },
  { header: 'class', value: csvText('iv.class') },
  ...(['address', 'street', 'street2', 'city', 'state', 'postalCode', 'country'] as const).map((key) => ({
    header: key,
    value: csvJsonText('iv.mailingAddress', key),
  })),
  { header: 'phoneNumber', value: csvText('iv.phoneNumber') },
  { header: 'invitationCode', value: csvText('iv.invitationCode') },
  { header: 'removed', value: csvYesNo('iv.removed') },
  { header: 'removedReason', value: csvText('iv.removedReason') },
  { header: 'timesInvited', value: 'iv.inviteCount' },
  { header: 'testValue', value: csvText('iv.testValue') },
  { header: 'pledgedAt', value: csvIso('iv.legacyPledgeAt') },
  { header: 'paidAt', value: csvIso('iv.legacyPaidAt') },
  ...Object.values(INVITEE_EMAIL_FLAGS).map((flag) => ({ header: flag, value: csvYesNo(`iv.${flag}`) })),
];

export function exportInvitees(db: Kysely<DB>, query: Omit<Filters, never> & { sort: ListQuery['sort'] }) {
  return streamCsv(
    db,
    filterInvitees(db, query).select('iv.id'),
    query.sort,
    inviteeSort,
    withholdCsv(csvColumns, 'iv.directoryOptOut'),
    'iv.id',
  );
}
