import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { suppressedAddresses } from '../mail/suppression.js';
import { erasedAddresses } from '../privacy/hash.js';

/** What cleaning needs to know about the file's addresses from the rest of the database. */
export type AddressFacts = {
  /** Blocked for invitations (a manual block, an unsubscribe, a hard bounce or a spam complaint). */
  suppressed: Set<string>;
  /** Erased at their owner's request (issue 36). */
  erased: Set<string>;
  /** Addresses of accounts that are members (paid). */
  members: Set<string>;
  /** How many earlier invitations reached each address (not removed there). */
  priorInvites: Map<string, number>;
};

const CHUNK = 20_000;

async function inChunks<T>(emails: string[], each: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < emails.length; i += CHUNK) out.push(...(await each(emails.slice(i, i + CHUNK))));
  return out;
}

/**
 * Looks up normalised (trimmed, lower-case) `emails` in one pass per fact, `= any($1)` over indexes.
 * "Earlier" invitations are those created before this one (a lower id), so re-processing an older
 * invitation never counts a newer one.
 */
export async function addressFacts(db: Db, invitationId: number, emails: string[]): Promise<AddressFacts> {
  const unique = [...new Set(emails.filter(Boolean))];
  // The three facts are independent: asked at the same time, each on its own connection.
  const [suppressed, members, prior, erased] = await Promise.all([
    suppressedAddresses(db, unique, 'Invitation'),
    inChunks(unique, async (chunk) => {
      const { rows } = await sql<{ email: string }>`
        select distinct lower(email) as email from accounts where lower(email) = any(${chunk}::text[]) and member_at is not null`.execute(
        db,
      );
      return rows.map((r) => r.email);
    }),
    inChunks(unique, async (chunk) => {
      const { rows } = await sql<{ email: string; n: number }>`
        select email, count(distinct invitation_id)::int as n from invitees
        where email = any(${chunk}::text[]) and invitation_id < ${invitationId} and removed = false
        group by email`.execute(db);
      return rows;
    }),
    erasedAddresses(db, unique),
  ]);
  return { suppressed, erased, members: new Set(members), priorInvites: new Map(prior.map((r) => [r.email, r.n])) };
}
