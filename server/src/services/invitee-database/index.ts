/**
 * An uploaded invitee database (spec 02 Invitee, §9; ../shared/DOMAIN.md "Invitee databases (import
 * columns)" and "Invitation lifecycle"): its columns, read by the spreadsheet reader (services/spreadsheet),
 * and its cleaning, invitation codes and A/B split. Pure parts only: services/invitation-processing does
 * the database work.
 *
 * How a caller processes a file (memory stays near the rows themselves: a 100,000-row, 10 MB file takes
 * about a second for csv and a few for xlsx):
 *
 *   const raw: RawRow[] = [];
 *   for await (const row of readInviteeFile(path, fileName)) raw.push(row);   // streamed; throws SpreadsheetError
 *   const emails = raw.map((r) => normaliseEmail(r.fields.email));             // look these up in batches:
 *   const { rows, counts } = cleanInvitees(raw, {                              //   suppression, members, earlier invitations
 *     cleanJoined, cleanInviteCount, suppressed, memberEmails, priorInviteCounts,
 *   });
 *   const valid = rows.filter((r) => !r.removed);
 *   const codes = invitationCodes(abbreviation, valid.length, takenCodes);    // re-draw any the database already holds
 *   valid.forEach((r, i) => (r.invitationCode = codes[i]));
 *   if (abTest) splitAB(valid.length).forEach((g, i) => (valid[i]!.testValue = g));
 *   for (let i = 0; i < rows.length; i += 2000) await insert(rows.slice(i, i + 2000)); // batches, each with progress
 *
 * Cleaning needs every row at once (duplicates, balanced A/B), so rows are collected before it.
 */
export { DATABASE_GONE, readInviteeFile } from './read.js';
export {
  COLUMNS,
  COLUMN_ALIASES,
  INVITEE_COLUMNS,
  mailingAddressOf,
  type Column,
  type MailingAddress,
  type RawRow,
} from './columns.js';
export { normaliseEmail, isValidEmail } from './email.js';
export {
  cleanInvitees,
  invitedTooOftenReason,
  reasonOrder,
  REMOVED_REASONS,
  type CleanContext,
  type CleanCounts,
  type CleanedRow,
  type CleanInviteCount,
  type CleanResult,
  type TestValue,
} from './clean.js';
export { CODE_ALPHABET, CODE_LENGTH, codePrefix, invitationCode, invitationCodes, splitAB } from './codes.js';
export { dryRunReport, DRY_RUN_EXAMPLES, type DryRunReport } from './dry-run.js';
