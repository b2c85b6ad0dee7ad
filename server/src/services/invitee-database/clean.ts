import { mailingAddressOf, type MailingAddress, type RawRow } from './columns.js';
import { isValidEmail, normaliseEmail } from './email.js';

/** Why a row is removed; exactly one per removed row, the first that applies in this order. */
export const REMOVED_REASONS = {
  invalidEmail: 'Invalid email',
  duplicate: 'Duplicate in file',
  /** On the suppression list of erased people (issue 36): their address never comes back. */
  erased: 'Erased at their request',
  /** Blocked for invitations: a manual block, an earlier unsubscribe, a hard bounce or a spam complaint. */
  suppressed: 'Blocked email',
  member: 'Already a member',
} as const;

export type CleanInviteCount = 2 | 3 | 4;

/** 'Invited 4 or more times before': the address was reached by `n` or more earlier invitations. */
export const invitedTooOftenReason = (n: number) => `Invited ${n} or more times before`;

/** The reasons in precedence order, for one invitation's options. */
export const reasonOrder = (cleanInviteCount: number): string[] => [
  REMOVED_REASONS.invalidEmail,
  REMOVED_REASONS.duplicate,
  REMOVED_REASONS.erased,
  REMOVED_REASONS.suppressed,
  REMOVED_REASONS.member,
  invitedTooOftenReason(cleanInviteCount),
];

/** What cleaning knows beyond the file; every address in it normalised (normaliseEmail). */
export type CleanContext = {
  /** Remove addresses of existing members. */
  cleanJoined: boolean;
  /** Remove addresses that this many or more earlier invitations reached (spec 02: 2, 3 or 4+). */
  cleanInviteCount: CleanInviteCount;
  /** Addresses blocked for invitations. */
  suppressed: ReadonlySet<string>;
  /** Addresses of people erased at their request (services/privacy). */
  erased?: ReadonlySet<string>;
  /** Addresses of members. */
  memberEmails: ReadonlySet<string>;
  /** How many earlier invitations reached each address; missing means none. */
  priorInviteCounts: ReadonlyMap<string, number>;
};

export type TestValue = 'Control' | 'Variation';

/** A row after cleaning: what an invitee row stores. `invitationCode` and `testValue` are set by the caller for valid rows. */
export type CleanedRow = RawRow & {
  /** Trimmed and lower-cased. */
  email: string;
  mailingAddress: MailingAddress;
  removed: boolean;
  removedReason: string | null;
  /** Times invited, this invitation included: earlier invitations + 1. */
  inviteCount: number;
  invitationCode?: string;
  testValue?: TestValue;
};

/** What a removed row of an erased address stores: a placeholder address and no other field. */
const ERASED_ROW = { fields: {}, email: 'erased@erased.invalid', mailingAddress: {}, removed: true } as const;

export type CleanCounts = {
  rows: number;
  valid: number;
  /** Valid and invited for the first time. */
  fresh: number;
  removed: number;
  /** Removed rows per reason, only reasons that removed any. */
  byReason: Record<string, number>;
};

export type CleanResult = { rows: CleanedRow[]; counts: CleanCounts };

const fieldsKey = (fields: RawRow['fields']) =>
  JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** File order; rows sharing a number (never from a reader) by email, then by content, so any input order gives one result. */
function compareRows(a: RawRow, b: RawRow): number {
  if (a.rowNumber !== b.rowNumber) return a.rowNumber - b.rowNumber;
  const ea = normaliseEmail(a.fields.email);
  const eb = normaliseEmail(b.fields.email);
  if (ea !== eb) return ea < eb ? -1 : 1;
  const ka = fieldsKey(a.fields);
  const kb = fieldsKey(b.fields);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Cleans the rows of an invitee database (../shared/DOMAIN.md "Invitation lifecycle"). Pure: the
 * result depends on the set of rows and the context only, not on the rows' order; rows come back in
 * file order (by rowNumber). Of several rows with one address, the one with the lowest rowNumber is
 * kept. The input is not changed.
 */
export function cleanInvitees(rows: readonly RawRow[], ctx: CleanContext): CleanResult {
  const tooOften = invitedTooOftenReason(ctx.cleanInviteCount);
  const seen = new Set<string>();
  const byReason: Record<string, number> = {};
  let valid = 0;
  let fresh = 0;
  const out = [...rows].sort(compareRows).map((row): CleanedRow => {
    const email = normaliseEmail(row.fields.email);
    const prior = ctx.priorInviteCounts.get(email) ?? 0;
    let reason: string | null = null;
    if (!isValidEmail(email)) reason = REMOVED_REASONS.invalidEmail;
    else if (seen.has(email)) reason = REMOVED_REASONS.duplicate;
    else {
      seen.add(email);
      if (ctx.erased?.has(email)) reason = REMOVED_REASONS.erased;
      else if (ctx.suppressed.has(email)) reason = REMOVED_REASONS.suppressed;
      else if (ctx.cleanJoined && ctx.memberEmails.has(email)) reason = REMOVED_REASONS.member;
      else if (prior >= ctx.cleanInviteCount) reason = tooOften;
    }
    if (reason) byReason[reason] = (byReason[reason] ?? 0) + 1;
    else {
      valid++;
      if (prior === 0) fresh++;
    }
    // An erased person's row is kept (the count of removed rows says it was there) but holds nothing of theirs.
    if (reason === REMOVED_REASONS.erased)
      return { ...ERASED_ROW, rowNumber: row.rowNumber, removedReason: reason, inviteCount: prior + 1 };
    return {
      rowNumber: row.rowNumber,
      fields: row.fields,
      email,
      mailingAddress: mailingAddressOf(row.fields),
      removed: reason !== null,
      removedReason: reason,
      inviteCount: prior + 1,
    };
  });
  return { rows: out, counts: { rows: out.length, valid, fresh, removed: out.length - valid, byReason } };
}
