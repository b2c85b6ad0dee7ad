import { sql, type Kysely } from 'kysely';

/*
 * Throttling is not failure (issue 26): a send the provider throttled (421, 454, a refused connection,
 * a timeout) waits until `retry_at`, with delays growing with `throttles` (reset once it leaves), and
 * keeps its attempts. Any temporary refusal waits until `retry_at` too.
 * `provider_message_id`: the provider's own id of the message (SES's from `250 Ok <id>`), which its
 * events name instead of our Message-ID.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table email_sends
      add column retry_at timestamptz,
      add column throttles integer not null default 0,
      add column provider_message_id text`.execute(db);
  await sql`create index email_sends_provider_message_idx on email_sends (provider_message_id) where provider_message_id is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
