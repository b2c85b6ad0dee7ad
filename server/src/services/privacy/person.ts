import { sql, type RawBuilder } from 'kysely';
import type { PersonQuery, PrivacyArea } from '@app/contract';
import type { Db } from '../../db/database.js';

/** One person as every area knows them: their addresses, accounts and invitee rows. */
export type Person = { emails: string[]; accountIds: number[]; inviteeIds: number[] };

const uniq = <T>(values: T[]) => [...new Set(values)];

/**
 * Who the lookup names: the accounts and invitees with that email, phone or invitation code, and each
 * other's (an invitee's account, an account's invitee rows), with every address they carry.
 */
export async function findPerson(db: Db, query: { email?: string; phone?: string; code?: string }): Promise<Person> {
  const email = query.email?.trim().toLowerCase();
  const match = email
    ? { account: sql`lower(email) = ${email}`, invitee: sql`email = ${email}` }
    : query.phone
      ? { account: sql`phone = ${query.phone.trim()}`, invitee: sql`phone_number = ${query.phone.trim()}` }
      : {
          account: sql`invitation_code = ${query.code!.trim()}`,
          invitee: sql`invitation_code = ${query.code!.trim()}`,
        };
  const { rows } = await sql<{ kind: 'a' | 'i'; id: number; email: string }>`
    with a as (select id, lower(email) as email from accounts where ${match.account}),
    i as (select id, email, account_id from invitees where ${match.invitee}
          union select id, email, account_id from invitees where account_id in (select id from a)),
    a2 as (select id, email from a union select id, lower(email) from accounts where id in (select account_id from i))
    select 'a' as kind, id, email from a2 union all select 'i', id, email from i`.execute(db);
  const person: Person = {
    emails: uniq(rows.map((r) => r.email)),
    accountIds: uniq(rows.filter((r) => r.kind === 'a').map((r) => r.id)),
    inviteeIds: uniq(rows.filter((r) => r.kind === 'i').map((r) => r.id)),
  };
  // An erased address is found by itself only: its rows carry placeholders now.
  if (email && !person.emails.includes(email)) person.emails.push(email);
  return person;
}

export const personByEmail = (db: Db, email: string) => findPerson(db, { email } satisfies PersonQuery);

/** A table that can hold the person, the rows of theirs in it, and the group of the find screen it counts in. */
export type PersonTable = { table: string; where: RawBuilder<unknown>; group?: PrivacyArea };

/** Every table holding the person's rows: one definition for find, export and erase. */
export function personTables(p: Person): PersonTable[] {
  const emails = sql`${p.emails}::text[]`;
  const accounts = sql`${p.accountIds}::int[]`;
  const invitees = sql`${p.inviteeIds}::int[]`;
  const sends = sql`(lower(email_to) = any(${emails}) or account_id = any(${accounts}) or invitee_id = any(${invitees}))`;
  const sendIds = sql`send_id in (select id from email_sends where ${sends})`;
  const patterns = p.emails.map((e) => `%${e.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const named = sql`${patterns}::text[]`;
  const auditText = sql`or changes::text ilike any(${named}) or detail::text ilike any(${named})`;
  return [
    { table: 'accounts', where: sql`id = any(${accounts})`, group: 'accounts' },
    { table: 'invitees', where: sql`id = any(${invitees})`, group: 'invitees' },
    { table: 'email_sends', where: sends, group: 'emailSends' },
    { table: 'email_events', where: sendIds, group: 'emailEvents' },
    { table: 'email_outbox', where: sql`(lower(to_address) = any(${emails}) or ${sendIds})` },
    {
      table: 'postal_mails',
      where: sql`upload_status = 'Success' and invitation_id in (select invitation_id from invitees where id = any(${invitees}) and not removed and not directory_opt_out)`,
      group: 'postalMails',
    },
    {
      table: 'payments',
      where: sql`(account_id = any(${accounts}) or invitee_id = any(${invitees}))`,
      group: 'payments',
    },
    { table: 'learning_component_progress', where: sql`account_id = any(${accounts})`, group: 'learnerProgress' },
    { table: 'learning_program_progress', where: sql`account_id = any(${accounts})` },
    { table: 'learning_xp_awards', where: sql`account_id = any(${accounts})` },
    { table: 'ai_chats', where: sql`account_id = any(${accounts})`, group: 'aiChats' },
    { table: 'ai_chat_messages', where: sql`chat_id in (select id from ai_chats where account_id = any(${accounts}))` },
    { table: 'ai_goals', where: sql`account_id = any(${accounts})` },
    { table: 'calendar_events', where: sql`created_by = any(${accounts})`, group: 'calendarEvents' },
    { table: 'event_rsvps', where: sql`account_id = any(${accounts})` },
    { table: 'blocked_emails', where: sql`email = any(${emails})`, group: 'blockedEmails' },
    {
      table: 'audit_log',
      where: sql`((entity = 'accounts' and entity_id = any(${p.accountIds.map(String)}::text[]))
        or (entity = 'invitees' and entity_id = any(${p.inviteeIds.map(String)}::text[]))
        or account_id = any(${accounts}) ${auditText})`,
      group: 'auditRows',
    },
  ];
}

/** Rows per table of the person's: one statement of counts, so a find is one round trip however many tables. */
export async function countRows(db: Db, tables: PersonTable[]): Promise<Record<string, number>> {
  if (!tables.length) return {};
  const counts = tables.map(
    (t, i) => sql`(select count(*)::int from ${sql.table(t.table)} where ${t.where}) as ${sql.ref(`n${i}`)}`,
  );
  const { rows } = await sql<Record<string, number>>`select ${sql.join(counts)}`.execute(db);
  return Object.fromEntries(tables.map((t, i) => [t.table, rows[0]![`n${i}`]!]));
}
