import { sql, type RawBuilder } from 'kysely';
import type { ErasureChanges } from '@app/contract';
import type { Db, DB } from '../../db/database.js';
import type { Kysely } from 'kysely';
import { personTables, type Person } from './person.js';

/** What replaces a person's text everywhere: fixed, so nothing of theirs can be read back. */
export const ERASED = { firstName: 'Erased', lastName: 'Person', text: '[erased]' } as const;

/** Keys of audit changes and details that hold a person's data (row triggers say snake_case, explicit rows camelCase). */
const PERSONAL_KEYS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'mailing_address',
  'phone_number',
  'major',
  'class',
  'salutation',
  'avatar_url',
  'email_to',
  'token_values',
  'firstName',
  'lastName',
  'mailingAddress',
  'phoneNumber',
  'avatarUrl',
  'emailTo',
  'tokenValues',
  'to',
  'name',
];

/** A jsonb object with each personal key's value (or {old, new} pair) replaced, and each address replaced in the rest. */
function scrubbed(column: string, emails: string[]): RawBuilder<unknown> {
  const col = sql.ref(column);
  const keys = sql`${PERSONAL_KEYS}::text[]`;
  const erased = JSON.stringify(ERASED.text);
  let text: RawBuilder<unknown> = sql`(select jsonb_object_agg(k, case when k = any(${keys}) then
      case when jsonb_typeof(v) = 'object' and v ? 'old' then jsonb_build_object('old', ${erased}::jsonb, 'new', ${erased}::jsonb)
      else ${erased}::jsonb end else v end) from jsonb_each(${col}) e(k, v))::text`;
  for (const email of emails) text = sql`replace(${text}, ${email}, ${ERASED.text})`;
  return sql`case when ${col} is null or jsonb_typeof(${col}) <> 'object' then ${col} else coalesce((${text})::jsonb, '{}'::jsonb) end`;
}

/** One step of an erasure: a table, the person's rows in it, and what happens to them (null: kept as they are). */
type Step = {
  table: string;
  where: RawBuilder<unknown>;
  change: RawBuilder<unknown> | 'delete' | null;
  audit?: boolean;
};

const placeholderEmail = (prefix: string) => sql`${`erased-${prefix}`} || id || '@erased.invalid'`;

/**
 * What an anonymised invitee, send and email event become, for an erasure and for retention alike: every column
 * that names or reaches the person replaced, every flag, date, code and count kept. A send's address starts
 * `erased-`, which is how retention knows it is done (migration 0036a_privacy_retention's index).
 */
export const ANONYMISED = {
  invitee: sql`first_name = ${ERASED.firstName}, last_name = ${ERASED.lastName}, email = ${placeholderEmail('invitee-')},
    salutation = null, major = null, class = null, mailing_address = '{}'::jsonb, phone_number = null`,
  send: sql`email_to = ${placeholderEmail('send-')}, recipient_key = 'erased:' || id, token_values = '{}'::jsonb,
    subject = null, send_status_message = null`,
  event: sql`ip_address = null, user_agent = null, message = null, link = null`,
};

function steps(p: Person): Step[] {
  const where = Object.fromEntries(personTables(p).map((t) => [t.table, t.where]));
  const w = (table: string) => where[table]!;
  const accounts = sql`${p.accountIds}::int[]`;
  return [
    {
      table: 'audit_log',
      where: w('audit_log'),
      change: sql`changes = ${scrubbed('changes', p.emails)}, detail = ${scrubbed('detail', p.emails)}`,
      audit: true,
    },
    {
      table: 'import_rejected',
      where: sql`cells::text ilike any(${p.emails.map((e) => `%${e}%`)}::text[])`,
      change: sql`cells = '{}'::jsonb`,
    },
    { table: 'email_outbox', where: w('email_outbox'), change: 'delete' },
    {
      table: 'email_events',
      where: w('email_events'),
      change: ANONYMISED.event,
    },
    {
      table: 'email_sends',
      where: w('email_sends'),
      change: ANONYMISED.send,
    },
    {
      table: 'invitees',
      where: w('invitees'),
      change: ANONYMISED.invitee,
    },
    { table: 'blocked_emails', where: w('blocked_emails'), change: 'delete' },
    {
      table: 'learning_component_progress',
      where: w('learning_component_progress'),
      change: sql`answers = '{}'::jsonb`,
    },
    { table: 'ai_goals', where: w('ai_goals'), change: 'delete' },
    { table: 'ai_chat_messages', where: w('ai_chat_messages'), change: 'delete' },
    { table: 'ai_chats', where: w('ai_chats'), change: 'delete' },
    { table: 'calendar_events', where: w('calendar_events'), change: sql`created_by = null` },
    { table: 'sessions', where: sql`account_id = any(${accounts})`, change: 'delete' },
    { table: 'password_links', where: sql`account_id = any(${accounts})`, change: 'delete' },
    // Counted here; the files themselves go from storage with their rows (uploads.ts, after this run).
    {
      table: 'files',
      where: sql`uploaded_by in (select id from accounts where id = any(${accounts}) and not admin)`,
      change: null,
    },
    { table: 'payments', where: w('payments'), change: null },
    {
      table: 'accounts',
      where: w('accounts'),
      change: sql`first_name = ${ERASED.firstName}, last_name = ${ERASED.lastName}, email = ${placeholderEmail('')},
        phone = null, address = '{}'::jsonb, avatar_url = null, password_hash = null, active = false`,
    },
  ];
}

/** Accounts nothing must keep (no payment, never pledged, not staff): deleted rather than anonymised. */
async function deletableAccounts(db: Db, p: Person): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from accounts a where id = any(${p.accountIds}::int[]) and not admin and pledged_at is null and member_at is null
      and not exists (select 1 from payments where account_id = a.id)`.execute(db);
  return rows.map((r) => r.id);
}

/** A table's name as the typed database and every answer spell it (`email_sends` -> `emailSends`). */
const tableKey = (table: string) => table.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** Rows each table would change: what a dry run answers. */
export async function erasureChanges(db: Db, p: Person): Promise<ErasureChanges> {
  const out: ErasureChanges = {};
  for (const step of steps(p)) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(step.table)} where ${step.where}`.execute(db);
    if (rows[0]!.n > 0) out[tableKey(step.table)] = rows[0]!.n;
  }
  return out;
}

/**
 * Erases one person in place, one transaction per table: their text becomes fixed placeholders, their chats,
 * goals, outbox copies, sessions and blocks go, their learner answers are emptied; every row that a count, a
 * rate, an A/B result or revenue reads (invitees and their flags, sends and events, payments, progress) stays.
 * An account nothing must keep is deleted; one with a payment or a pledge stays, anonymised and inactive.
 * Answers the rows changed per table. Idempotent: a second run finds the placeholders and changes no more.
 */
export async function erasePerson(db: Kysely<DB>, p: Person): Promise<ErasureChanges> {
  const deletable = await deletableAccounts(db, p);
  const out: ErasureChanges = {};
  for (const step of steps(p)) {
    const n = await db.transaction().execute(async (trx) => {
      if (step.audit) await sql`select set_config('audit.erase', 'on', true)`.execute(trx);
      if (step.change === null) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(step.table)} where ${step.where}`.execute(trx);
        return rows[0]!.n;
      }
      const statement =
        step.change === 'delete'
          ? sql`delete from ${sql.table(step.table)} where ${step.where}`
          : sql`update ${sql.table(step.table)} set ${step.change} where ${step.where}`;
      return Number((await statement.execute(trx)).numAffectedRows ?? 0);
    });
    if (n > 0) out[tableKey(step.table)] = n;
  }
  for (const id of deletable) {
    // A row elsewhere may still point at the account (a record it made): then it stays, anonymised.
    await db
      .deleteFrom('accounts')
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
  }
  return out;
}
