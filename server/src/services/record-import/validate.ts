import {
  AccountUpdateInput,
  ChapterInput,
  InstitutionInput,
  ROLE_ADMIN,
  ROLE_PREFIX,
  ROLE_USER,
  dateProblem,
  type ImportKind,
} from '@app/contract';
import type { z } from 'zod';
import { ADDRESS_FIELDS, fieldLabel } from './columns.js';
import { CompactStringSet } from './compact-string-set.js';

/*
 * One row of an import file checked with the same schemas as the forms (contract InstitutionInput,
 * ChapterInput, AccountUpdateInput), so a rejected row reads as the form would say it: 'Abbreviation must
 * be 12 characters or less', 'Invalid phone number', 'Email is required'. Cells are text: yes/no, numbers
 * and dates are read first; a value that cannot be read is handed on as is, for the schema to word.
 */

export type Fields = Partial<Record<string, string>>;
/** A row ready for staging: the target's columns (snake_case, as the staging table names them). */
export type Staged = Record<string, unknown>;
export type Checked = { ok: true; staged: Staged; keys: string[] } | { ok: false; reason: string };

export type ValidateContext = { importerIsStaff: boolean };

export const DUPLICATE_IN_FILE = 'Duplicate in file';
export const STAFF_ONLY = 'Only staff can import staff accounts';

const YES = new Set(['yes', 'y', 'true', '1', 'active', 'x']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive', '']);

/** 'Yes' -> true, 'no' -> false; anything else stays text (the schema then says 'X must be true or false'). */
export function flag(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : value;
}

/** A spreadsheet's escaped formula ('=..., written so by exports) back to its text. */
const unescape = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** The first problem of a zod result, as the form shows it. */
const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid row';

function addressOf(fields: Fields) {
  const out: Record<string, string | undefined> = {};
  for (const part of ADDRESS_FIELDS) out[part === 'postalCode' ? 'postalCode' : part] = fields[part];
  const country = fields.country?.trim().toUpperCase();
  if (country === 'USA' || country === 'UNITED STATES') out.country = 'US';
  else if (country === 'CANADA') out.country = 'CA';
  else if (country) out.country = country;
  return out;
}

/** A date cell: an ISO day or instant, or M/D/YYYY (US order), as an ISO instant; a problem text otherwise. */
export function readDate(value: string, label: string): { iso: string } | { problem: string } {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  const text = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : value.trim().replace(' ', 'T');
  const problem = dateProblem(text, label);
  if (problem) return { problem };
  return { iso: new Date(/T/.test(text) ? text : `${text}T00:00:00Z`).toISOString() };
}

/** 'admin, user' or 'ROLE_ADMIN ROLE_USER' -> ['ROLE_ADMIN', 'ROLE_USER']. */
export function readRoles(value: string): string[] {
  const roles = value
    .split(/[\s,;|]+/)
    .filter(Boolean)
    .map((r) => r.toUpperCase().replace(/[^A-Z0-9_]/g, ''))
    .filter(Boolean)
    .map((r) => (r.startsWith(ROLE_PREFIX) ? r : `${ROLE_PREFIX}${r}`));
  return [...new Set(roles)];
}

function checkInstitution(fields: Fields): Checked {
  const parsed = InstitutionInput.safeParse({
    name: fields.name,
    abbreviation: fields.abbreviation,
    type: fields.type,
    ownership: fields.ownership,
    financialModel: fields.financialModel,
    religiousAffiliation: fields.religiousAffiliation,
    legacyId: fields.legacyId,
    website: fields.website,
    population: fields.population,
    address: addressOf(fields),
  });
  if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error) };
  const v = parsed.data;
  return namedRow(v, fields, {
    type: v.type,
    ownership: v.ownership,
    financial_model: v.financialModel,
    religious_affiliation: v.religiousAffiliation,
    website: v.website,
    population: v.population,
    address: v.address,
  });
}

/** A kept institution or chapter row: keyed by its legacy id and the id the file gave, staged with `rest`. */
function namedRow(
  v: { legacyId: number | null; name: string; abbreviation: string },
  fields: Fields,
  rest: Staged,
): Checked {
  return {
    ok: true,
    keys: keysOf(v.legacyId, fields.id),
    staged: {
      given_id: givenId(fields.id),
      legacy_id: v.legacyId,
      name: v.name,
      abbreviation: v.abbreviation,
      ...rest,
    },
  };
}

function checkChapter(fields: Fields): Checked {
  if (!fields.institutionLegacyId && !fields.institutionAbbreviation)
    return { ok: false, reason: 'Institution is required' };
  const parsed = ChapterInput.safeParse({
    name: fields.name,
    abbreviation: fields.abbreviation,
    institutionId: 1, // resolved in the database from the institution's legacy id or abbreviation
    active: flag(fields.active),
    acceptingMembers: flag(fields.acceptingMembers),
    legacyId: fields.legacyId,
    address: addressOf(fields),
  });
  if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error) };
  const ref = institutionRef(fields);
  if ('reason' in ref) return { ok: false, reason: ref.reason };
  const v = parsed.data;
  return namedRow(v, fields, {
    active: v.active,
    accepting_members: v.acceptingMembers,
    address: v.address,
    ...ref.staged,
  });
}

function institutionRef(fields: Fields): { staged: Staged } | { reason: string } {
  const legacy = fields.institutionLegacyId;
  if (legacy && !/^[+-]?\d{1,10}$/.test(legacy)) return { reason: 'Institution Legacy Id must be a whole number' };
  return {
    staged: {
      institution_legacy_id: legacy ? Number(legacy) : null,
      institution_abbreviation: fields.institutionAbbreviation ?? null,
    },
  };
}

function checkAccount(fields: Fields, present: ReadonlySet<string>, ctx: ValidateContext): Checked {
  const admin = flag(fields.admin);
  const fileRoles = fields.roles !== undefined ? readRoles(fields.roles) : undefined;
  const parsed = AccountUpdateInput.safeParse({
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    admin: admin ?? fileRoles?.includes(ROLE_ADMIN) ?? false,
    active: flag(fields.active),
    legacyId: fields.legacyId,
    invitationCode: fields.invitationCode,
    phone: fields.phone,
    address: addressOf(fields),
  });
  if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error) };
  const v = parsed.data;
  const dates: Record<string, string | null> = {};
  for (const [field, column] of [
    ['memberAt', 'member_at'],
    ['pledgedAt', 'pledged_at'],
  ] as const) {
    const cell = fields[field];
    if (!cell) {
      dates[column] = null;
      continue;
    }
    const read = readDate(cell, fieldLabel('accounts', field));
    if ('problem' in read) return { ok: false, reason: read.problem };
    dates[column] = read.iso;
  }
  if (v.admin && !ctx.importerIsStaff) return { ok: false, reason: STAFF_ONLY };
  const ref = institutionRef(fields);
  if ('reason' in ref) return { ok: false, reason: ref.reason };
  const chapterLegacy = fields.chapterLegacyId;
  if (chapterLegacy && !/^[+-]?\d{1,10}$/.test(chapterLegacy))
    return { ok: false, reason: 'Chapter Legacy Id must be a whole number' };
  // Admin=Yes only lets the account sign in to /admin; what it may do there is its Roles column (issue 35).
  const roles = fileRoles ?? [ROLE_USER];
  return {
    ok: true,
    keys: [
      ...keysOf(v.legacyId),
      `email:${v.email.toLowerCase()}`,
      ...(v.invitationCode ? [`code:${v.invitationCode}`] : []),
    ],
    staged: {
      legacy_id: v.legacyId,
      first_name: v.firstName,
      last_name: v.lastName,
      email: v.email,
      phone: v.phone,
      invitation_code: v.invitationCode,
      admin: present.has('admin') || present.has('roles') ? v.admin : false,
      active: v.active,
      roles: `{${roles.map((r) => `"${r}"`).join(',')}}`,
      address: v.address,
      ...dates,
      ...ref.staged,
      chapter_legacy_id: chapterLegacy ? Number(chapterLegacy) : null,
      chapter_abbreviation: fields.chapterAbbreviation ?? null,
    },
  };
}

const givenId = (id: string | undefined) => (id && /^\d{1,9}$/.test(id) ? Number(id) : null);
const keysOf = (legacyId: number | null, id?: string) => [
  ...(legacyId !== null ? [`legacy:${legacyId}`] : []),
  ...(givenId(id) ? [`id:${givenId(id)}`] : []),
];

/**
 * Checks one row of a `kind` file whose header has the `present` fields. Answers the staged values and
 * the keys that make another row of the file its duplicate, or the reason it is rejected.
 */
export function checkRow(kind: ImportKind, raw: Fields, present: ReadonlySet<string>, ctx: ValidateContext): Checked {
  const fields: Fields = {};
  for (const [field, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (value.startsWith('=')) return { ok: false, reason: `${fieldLabel(kind, field)} must not be a formula` };
    fields[field] = unescape(value);
  }
  const checked =
    kind === 'institutions'
      ? checkInstitution(fields)
      : kind === 'chapters'
        ? checkChapter(fields)
        : checkAccount(fields, present, ctx);
  if (checked.ok && kind !== 'accounts' && !checked.keys.length) return { ok: false, reason: 'Legacy Id is required' };
  return checked;
}

/**
 * Remembers the keys of the rows kept so far: a later row sharing any of them is 'Duplicate in file'
 * (the first row is kept), whatever batch it falls in.
 */
export class SeenKeys {
  private readonly seen = new CompactStringSet();
  /** True when a key was seen before; otherwise records them all. */
  duplicate(keys: readonly string[]): boolean {
    if (keys.some((k) => this.seen.has(k))) return true;
    for (const k of keys) this.seen.add(k);
    return false;
  }
}
