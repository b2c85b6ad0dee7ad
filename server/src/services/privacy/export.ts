import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { personByEmail, personTables } from './person.js';
import { zipFiles } from './zip.js';

/** What each file of the export holds, for README.txt. */
const FILES: Record<string, string> = {
  accounts:
    'Your account: name, email, phone, postal address, school, chapter, invitation code, when you pledged and joined.',
  invitees:
    'Each invitation list a registrar shared that held you: the row as uploaded (name, email, major, class, address, phone) and what happened to the invitation email.',
  email_sends:
    'Each email we sent you: when, its subject, the values it was personalised with and its delivery status.',
  email_events:
    'What the email provider reported about those emails: delivered, opened, clicked, bounced, marked as spam, unsubscribed.',
  email_outbox: 'Copies of emails kept by a test installation instead of being sent.',
  postal_mails:
    'Postal mailings made for an invitation that held you (the letters went to the address in invitees.json).',
  payments: 'Your membership fee payments: amount, currency, method, date, and the payment provider’s references.',
  learning_component_progress:
    'Your progress in learning programs: what you started and finished, your answers and scores.',
  learning_program_progress: 'When you started and finished each learning program.',
  learning_xp_awards: 'Experience points you were awarded.',
  ai_chats: 'Your chats with the AI assistant.',
  ai_chat_messages: 'What you wrote in those chats and what the assistant answered.',
  ai_goals: 'Goals the assistant saved for you.',
  calendar_events: 'Calendar events you created.',
  event_rsvps: 'Events you said you would attend.',
  blocked_emails: 'Requests not to be emailed (unsubscribes, bounces, complaints) for your address.',
  audit_log: 'Records of changes staff or systems made to your data: who, when, and the old and new values.',
};

/** Fields whose meaning is not plain from their name. */
const FIELDS: Record<string, string> = {
  id: 'our number for the row',
  createdAt: 'when the row was made',
  updatedAt: 'when the row last changed',
  invitationId: 'the invitation (one chapter’s campaign at one school) the row belongs to',
  inviteCount: 'how many invitations reached this address, this one included',
  testValue: 'the A/B group the invitation placed you in (Control or Variation)',
  removed: 'true when the row was left out of the invitation; removedReason says why',
  legacyPledgeAt: 'when you accepted the invitation',
  legacyPaidAt: 'when you paid the membership fee',
  directoryOptOut: 'you asked that your directory information not be disclosed (FERPA)',
  emailTo: 'the address the email went to',
  source: 'which kind of email it was (invitation, reminder, welcome ...)',
  tokenValues: 'the values the email was personalised with',
  amountCents: 'the amount in cents',
  refundedCents: 'the amount refunded, in cents',
  changes: 'the changed fields, each with its old and new value',
  detail: 'what else the record says about the action',
  answers: 'what you answered, per question',
  pledgedAt: 'when you pledged',
  memberAt: 'when you became a member',
};

/** Columns never exported: they are credentials, not data about the person. */
const SECRET = /password|secret|hash/i;

function readme(files: { table: string; rows: Record<string, unknown>[] }[]): string {
  const lines = [
    'This archive holds every record we keep about you, one JSON file per area (an array of rows).',
    'Dates are ISO 8601 in UTC. An area with no records of yours has no file.',
    '',
  ];
  for (const { table, rows } of files) {
    lines.push(`${table}.json (${rows.length} rows): ${FILES[table] ?? ''}`);
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    for (const key of keys) lines.push(`  - ${key}${FIELDS[key] ? `: ${FIELDS[key]}` : ''}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The zip of one person's rows (right of access): a JSON file per table holding any, and README.txt. */
export async function buildExport(db: Db, email: string): Promise<Buffer> {
  const person = await personByEmail(db, email);
  const files: { table: string; rows: Record<string, unknown>[] }[] = [];
  for (const t of personTables(person)) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(t.table)} where ${t.where} order by 1`.execute(db);
    if (rows.length === 0) continue;
    const clean = rows.map((r) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => !SECRET.test(k) && k !== 'search')),
    );
    files.push({ table: t.table, rows: clean });
  }
  return zipFiles([
    ...files.map(({ table, rows }) => ({ name: `${table}.json`, content: JSON.stringify(rows, null, 2) })),
    { name: 'README.txt', content: readme(files) },
  ]);
}
