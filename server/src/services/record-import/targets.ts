import { DUPLICATE_EMAIL, DUPLICATE_INVITATION_CODE, INSTITUTION_NOT_FOUND, type ImportKind } from '@app/contract';
import { ADDRESS_FIELDS } from './columns.js';

/*
 * What each kind writes and how its rows find their records, as SQL over the batch's staging table
 * `import_stage` (one row per checked row: the target's columns, the references as the file gives them,
 * and `target_id`, `reason`, `action` filled in here).
 */

/** A column of the target table: its staging type and the file fields whose presence makes an import write it. */
type Column = {
  name: string;
  type: string;
  fields: readonly string[];
  /** How the stored and the staged value are found equal, when plain equality is too strict. */
  same?: (stored: string, staged: string) => string;
};

export type Target = {
  table: 'institutions' | 'chapters' | 'accounts';
  columns: Column[];
  /** Staging-only columns (what the file names references by), filled from the staged values. */
  extra: Array<{ name: string; type: string }>;
  /** Staging-only columns the match statements fill in (never copied from the file). */
  scratch?: Array<{ name: string; type: string }>;
  /** Statements run in order: resolve references (rejecting rows whose reference is unknown), find each row's record. */
  match: string[];
  /** SET items written only when the file has some fields and not others (e.g. roles that follow the admin flag). */
  conditional?: (present: ReadonlySet<string>) => Array<{ name: string; set: string }>;
};

// An address saved as {} and one with every part null are the same address.
const address: Column = {
  name: 'address',
  type: 'jsonb',
  fields: ADDRESS_FIELDS,
  same: (t, s) => `jsonb_strip_nulls(${t}) is not distinct from jsonb_strip_nulls(${s})`,
};
const text = (name: string, ...fields: string[]): Column => ({ name, type: 'text', fields });
const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

const resolveInstitution = [
  `update import_stage s set institution_id = coalesce(
     (select min(i.id + 0) from institutions i where i.legacy_id = s.institution_legacy_id),
     (select min(i.id + 0) from institutions i where lower(i.abbreviation) = lower(s.institution_abbreviation)))
   where s.institution_legacy_id is not null or s.institution_abbreviation is not null`,
  `update import_stage set reason = ${q(INSTITUTION_NOT_FOUND)}
   where reason is null and institution_id is null and (institution_legacy_id is not null or institution_abbreviation is not null)`,
];

/*
 * Every lookup is a subquery per staged row, so that each is one probe of an index (a join lets the planner
 * hash the whole table, which grows with every batch), and takes `min(id + 0)`: plain `min(id)` may be
 * answered by walking the primary key in order until a row matches (seconds per row at 500,000 accounts).
 */

/** Each staged row's record by legacy id (the lowest id when several share one). */
const byLegacyId = (table: string) =>
  `update import_stage s set target_id = (select min(t.id + 0) from ${table} t where t.legacy_id = s.legacy_id)
   where s.reason is null and s.legacy_id is not null`;

/** Institutions and chapters: by legacy id, else by this product's own id (an export's Id column). */
const byLegacyIdOrId = (table: string) => [
  byLegacyId(table),
  `update import_stage s set target_id = t.id from ${table} t where s.reason is null and s.target_id is null and t.id = s.given_id`,
];

const refColumns = [
  { name: 'institution_legacy_id', type: 'integer' },
  { name: 'institution_abbreviation', type: 'text' },
];

export const TARGETS: Record<ImportKind, Target> = {
  institutions: {
    table: 'institutions',
    columns: [
      { name: 'legacy_id', type: 'integer', fields: ['legacyId'] },
      text('name', 'name'),
      text('abbreviation', 'abbreviation'),
      text('type', 'type'),
      text('ownership', 'ownership'),
      text('financial_model', 'financialModel'),
      text('religious_affiliation', 'religiousAffiliation'),
      text('website', 'website'),
      text('population', 'population'),
      address,
    ],
    extra: [{ name: 'given_id', type: 'integer' }],
    match: byLegacyIdOrId('institutions'),
  },
  chapters: {
    table: 'chapters',
    columns: [
      { name: 'legacy_id', type: 'integer', fields: ['legacyId'] },
      text('name', 'name'),
      text('abbreviation', 'abbreviation'),
      { name: 'institution_id', type: 'integer', fields: ['institutionLegacyId', 'institutionAbbreviation'] },
      { name: 'active', type: 'boolean', fields: ['active'] },
      { name: 'accepting_members', type: 'boolean', fields: ['acceptingMembers'] },
      address,
    ],
    extra: [{ name: 'given_id', type: 'integer' }, ...refColumns],
    match: [...resolveInstitution, ...byLegacyIdOrId('chapters')],
  },
  accounts: {
    table: 'accounts',
    columns: [
      { name: 'legacy_id', type: 'integer', fields: ['legacyId'] },
      text('first_name', 'firstName'),
      text('last_name', 'lastName'),
      text('email', 'email'),
      text('phone', 'phone'),
      text('invitation_code', 'invitationCode'),
      { name: 'admin', type: 'boolean', fields: ['admin', 'roles'] },
      { name: 'active', type: 'boolean', fields: ['active'] },
      { name: 'roles', type: 'text[]', fields: ['roles'] },
      { name: 'member_at', type: 'timestamptz', fields: ['memberAt'] },
      { name: 'pledged_at', type: 'timestamptz', fields: ['pledgedAt'] },
      { name: 'institution_id', type: 'integer', fields: ['institutionLegacyId', 'institutionAbbreviation'] },
      { name: 'chapter_id', type: 'integer', fields: ['chapterLegacyId', 'chapterAbbreviation'] },
      address,
    ],
    extra: [
      ...refColumns,
      { name: 'chapter_legacy_id', type: 'integer' },
      { name: 'chapter_abbreviation', type: 'text' },
    ],
    scratch: [
      { name: 'email_owner', type: 'integer' },
      { name: 'email_owner_legacy_id', type: 'integer' },
    ],
    match: [
      ...resolveInstitution,
      `update import_stage s set chapter_id = coalesce(
         (select min(c.id + 0) from chapters c where c.legacy_id = s.chapter_legacy_id),
         (select min(c.id + 0) from chapters c where lower(c.abbreviation) = lower(s.chapter_abbreviation)
            and (s.institution_id is null or c.institution_id = s.institution_id)))
       where s.reason is null and (s.chapter_legacy_id is not null or s.chapter_abbreviation is not null)`,
      `update import_stage set reason = 'Chapter not found'
       where reason is null and chapter_id is null and (chapter_legacy_id is not null or chapter_abbreviation is not null)`,
      // By legacy id; else by email (case-insensitive) when that account has no other legacy id. The
      // account holding each email is looked up once, for the match and for the duplicate check.
      byLegacyId('accounts'),
      `update import_stage s set (email_owner, email_owner_legacy_id) =
         (select t.id, t.legacy_id from accounts t where lower(t.email) = lower(s.email))
       where s.reason is null`,
      `update import_stage s set target_id = email_owner
       where reason is null and target_id is null and email_owner is not null
         and (email_owner_legacy_id is null or legacy_id is null or email_owner_legacy_id = legacy_id)`,
      `update import_stage s set reason = ${q(DUPLICATE_EMAIL)}
       where reason is null and email_owner is not null and email_owner is distinct from target_id`,
      `update import_stage s set reason = ${q(DUPLICATE_INVITATION_CODE)}
       where s.reason is null and s.invitation_code is not null
         and (select min(t.id + 0) from accounts t where t.invitation_code = s.invitation_code and t.id is distinct from s.target_id) is not null`,
    ],
    // An admin column without a roles column leaves the roles as they are: admin grants nothing by itself (issue 35).
  },
};

/** The staging table's columns in COPY order. */
export const stageColumns = (target: Target) => [
  { name: 'row_number', type: 'integer' },
  ...target.columns.map(({ name, type }) => ({ name, type })),
  ...target.extra,
];

/** The target's columns an import of a file with `present` fields writes on update (and compares). */
export const writtenColumns = (target: Target, present: ReadonlySet<string>) =>
  target.columns.filter((c) => c.fields.some((f) => present.has(f)));

export const createStageSql = (target: Target) => `
  create temp table import_stage (
    ${[...stageColumns(target), ...(target.scratch ?? [])].map((c) => `${c.name} ${c.type}`).join(',\n    ')},
    target_id integer,
    reason text,
    action text
  ) on commit drop`;

/** Marks each staged row create, update or unchanged (rows with a reason stay as they are). */
export function classifySql(target: Target, present: ReadonlySet<string>): string[] {
  const cols = writtenColumns(target, present);
  const same = cols.length
    ? cols
        .map((c) => (c.same ? c.same(`t.${c.name}`, `s.${c.name}`) : `t.${c.name} is not distinct from s.${c.name}`))
        .join(' and ')
    : 'true';
  return [
    `update import_stage set action = 'create' where reason is null and target_id is null`,
    `update import_stage s set action = case when ${same} then 'unchanged' else 'update' end
     from ${target.table} t where s.reason is null and s.target_id is not null and t.id = s.target_id`,
  ];
}

/**
 * The one statement that writes a batch: updates the changed records (only the columns the file has)
 * and inserts the new ones. Statement triggers on the table (daily counts, row counts, versions) see it
 * as one insert and one update.
 */
export function mergeSql(target: Target, present: ReadonlySet<string>): string {
  const sets = [
    ...writtenColumns(target, present).map((c) => `${c.name} = s.${c.name}`),
    ...(target.conditional?.(present) ?? []).map((c) => `${c.name} = ${c.set}`),
    'updated_at = now()',
  ];
  const insertCols = target.columns.map((c) => c.name);
  return `
    with updated as (
      update ${target.table} t set ${sets.join(', ')}
      from import_stage s where s.action = 'update' and t.id = s.target_id
      returning 1
    ), created as (
      insert into ${target.table} (${insertCols.join(', ')})
      select ${insertCols.map((c) => `s.${c}`).join(', ')} from import_stage s where s.action = 'create' order by s.row_number
      returning 1
    )
    select (select count(*) from updated)::int as updated, (select count(*) from created)::int as created`;
}
