import { sql, type Kysely } from 'kysely';

/*
 * Retention of personal data (issue 36): what the nightly privacy-retention job has anonymised per invitation
 * (invitees who never pledged, INVITEE_RETENTION_DAYS after its deadline) and when, so the invitation's detail
 * can say so and the job never works an invitation twice; and an index of the sends not yet anonymised by age,
 * so the send log's retention (SEND_LOG_RETENTION_DAYS) reads only what it still has to do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table privacy_retention (
      invitation_id integer primary key references invitations (id) on delete cascade,
      anonymised_at timestamptz not null default now(),
      invitees integer not null default 0,
      sends integer not null default 0
    )`.execute(db);
  await sql`create index email_sends_retention_idx on email_sends (queued_at) where email_to not like 'erased-%'`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
