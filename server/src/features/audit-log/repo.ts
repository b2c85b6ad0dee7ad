import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { auditEntityLabel, type AuditEntry, type AuditFacets } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { dayRange } from '../../db/day-range.js';
import { accountName } from '../../db/account-sql.js';
import { likePattern, mapPage, paginate, streamCsv } from '../../db/list.js';
import type { CsvColumn, ListFilters, SortMap } from '../../db/list.js';
import { csvIso, csvText } from '../../db/copy-csv.js';
import {
  forThirdParty,
  optOutFlag,
  personOptedOut,
  searchable,
  withheldIf,
  withholdCsv,
  WITHHELD_NAME,
} from '../../db/directory-opt-out.js';
import { withNames } from './names.js';

type ListQuery = z.output<typeof import('@app/contract').AuditLogListQuery>;
type Filters = ListFilters<ListQuery>;

const sortMap: SortMap<'at' | 'id'> = { at: 'l.at', id: 'l.id' };

const actor = sql<
  string | null
>`case when l.api_key_id is not null then 'key:' || l.api_key_id when l.account_id is not null then 'account:' || l.account_id end`;
const staffOrKeyName = sql<string | null>`coalesce(k.name, ${accountName('a')})`;
/** Who acted; to a third party, an opted-out account acting reads as its placeholder (issue 36 §5). */
const actorName = () =>
  forThirdParty() ? withheldIf<string | null>(sql.ref('a.directory_opt_out'), staffOrKeyName, 'name') : staffOrKeyName;

/** The id of the `entity` record a row is about, or null. */
const entityRecord = (entity: string) =>
  sql`case when l.entity = ${entity} and l.entity_id ~ '^[0-9]{1,9}$' then l.entity_id::int end`;
/** The address a row quotes whatever record it is about (a blocked address, a test send's recipient, a sign-in). */
const quotedEmail = sql`coalesce(l.changes->'email'->>'new', l.changes->'email'->>'old', l.detail->>'email', l.detail->>'to')`;
/**
 * Whether the person a row concerns opted out (issue 36 §5): the account that acted, the account or invitee the
 * row is about, or the person whose address it quotes. The row then carries `directoryOptOut` to a third party, and
 * its naming fields are withheld.
 */
const concernsOptedOut = sql<boolean>`(${personOptedOut({
  accounts: ['l.accountId', entityRecord('accounts')],
  invitees: [entityRecord('invitees')],
})} or ${personOptedOut({ email: quotedEmail })})`;
/**
 * The row's detail; to a third party, the search text of an export's filters reads as the placeholder: free text
 * staff typed may name any student, opted out or not.
 */
const detail = () =>
  forThirdParty()
    ? sql<AuditEntry['detail']>`case when jsonb_typeof(l.detail->'filters'->'search') = 'string'
        then jsonb_set(l.detail, '{filters,search}', to_jsonb(${WITHHELD_NAME}::text)) else l.detail end`
    : sql<AuditEntry['detail']>`l.detail`;

function filterLog(db: Db, filters: Filters) {
  let qb = db
    .selectFrom('auditLog as l')
    .leftJoin('accounts as a', 'a.id', 'l.accountId')
    .leftJoin('apiKeys as k', 'k.id', 'l.apiKeyId');
  if (filters.actor) {
    const [kind, id] = filters.actor.split(':');
    qb = qb.where(kind === 'key' ? 'l.apiKeyId' : 'l.accountId', '=', Number(id));
  }
  if (filters.entity) qb = qb.where('l.entity', '=', filters.entity);
  if (filters.entityId) qb = qb.where('l.entityId', '=', filters.entityId);
  if (filters.action) qb = qb.where('l.action', '=', filters.action);
  const days = dayRange(filters.dateFrom, filters.dateTo);
  if (days.gte) qb = qb.where('l.at', '>=', days.gte);
  if (days.lt) qb = qb.where('l.at', '<', days.lt);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    const match = sql<boolean>`(coalesce(l.entity_id, '') || ' ' || l.entity || ' ' || l.action || ' ' || coalesce(${staffOrKeyName}, '') || ' ' || coalesce(l.address, '')) ilike ${pattern}`;
    qb = qb.where(searchable(match, concernsOptedOut));
  }
  return qb;
}

function selectLog(db: Db, filters: Filters) {
  return filterLog(db, filters).select([
    'l.id',
    'l.at',
    'l.address',
    'l.action',
    'l.entity',
    'l.entityId',
    'l.changes',
    detail().as('detail'),
    actor.as('actor'),
    actorName().as('actorName'),
    ...optOutFlag(() => concernsOptedOut),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectLog>['executeTakeFirstOrThrow']>>;

const toEntry = (row: Row): AuditEntry => ({ ...row, at: row.at.toISOString() });

/**
 * The log, newest first by default, with the names of the records each row refers to; the History panel of a
 * record is this list with its entity and id.
 */
export async function listAuditLog(db: Db, query: ListQuery) {
  const page = mapPage(
    await paginate(selectLog(db, query), query, sortMap, 'l.id', { tieBreakerFollowsSort: true }),
    toEntry,
  );
  return { ...page, items: await withNames(db, page.items) };
}

/**
 * Staff accounts and API keys (the only actors), the entities the log holds (a skip scan of its index) by
 * their screens' names, and the actions.
 */
export async function auditFacets(db: Db): Promise<Omit<AuditFacets, 'actions'>> {
  const [staff, keys, entities] = await Promise.all([
    db
      .selectFrom('accounts as a')
      .select(['a.id', accountName('a').as('name')])
      .where('a.admin', '=', true)
      .orderBy('a.nameKey')
      .execute(),
    db.selectFrom('apiKeys').select(['id', 'name']).orderBy('name').execute(),
    sql<{ entity: string }>`
      with recursive e as (
        (select entity from audit_log order by entity limit 1)
        union all
        select (select entity from audit_log where entity > e.entity order by entity limit 1) from e where e.entity is not null
      ) select entity from e where entity is not null`.execute(db),
  ]);
  return {
    actors: [
      ...staff.map((a) => ({ value: `account:${a.id}`, label: a.name ?? `Account ${a.id}` })),
      ...keys.map((k) => ({ value: `key:${k.id}`, label: `API key: ${k.name}` })),
    ],
    entities: entities.rows
      .map((r) => ({ value: r.entity, label: auditEntityLabel(r.entity) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

const csvColumns = (): CsvColumn[] => [
  { header: 'id', value: 'l.id' },
  { header: 'at', value: csvIso('l.at') },
  { header: 'actor', value: csvText(actor) },
  { header: 'actorName', value: csvText(actorName()) },
  { header: 'address', value: csvText('l.address') },
  { header: 'action', value: csvText('l.action') },
  { header: 'entity', value: csvText('l.entity') },
  { header: 'entityId', value: csvText('l.entityId') },
  { header: 'changes', value: csvText('l.changes') },
  { header: 'detail', value: csvText(detail()) },
];

export function exportAuditLog(db: Kysely<DB>, query: Omit<ListQuery, 'page' | 'pageSize'>) {
  const columns = withholdCsv(csvColumns(), concernsOptedOut);
  return streamCsv(db, filterLog(db, query).select('l.id'), query.sort, sortMap, columns, 'l.id');
}
