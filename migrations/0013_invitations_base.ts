import { sql, type Kysely } from 'kysely';
import { createTable } from './lib/tables.js';

/**
 * The invitation model's tables (../shared/DOMAIN.md "People and where they come from", "Invitation
 * lifecycle"): A/B variables, invitations and their invitees. The email platform records events on
 * invitees and unsubscribes them; the invitation areas build their screens on these tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(
    db,
    'invitation_tests',
    sql`
      name text not null,
      slug text not null unique,
      description text not null,
      enabled boolean not null default true,
      search text generated always as (lower(name || ' ' || slug)) stored`,
    { updatedBy: true },
  );

  await createTable(
    db,
    'invitations',
    sql`
      chapter_id integer not null references chapters(id) on delete restrict,
      institution_id integer not null references institutions(id) on delete restrict,
      deadline date not null,
      orientation_date date not null,
      database_id integer references files(id) on delete set null,
      clean_joined boolean not null default true,
      clean_invite_count integer not null default 4 check (clean_invite_count between 2 and 4),
      deliver_emails boolean not null default true,
      deliver_postal_mails boolean not null default false,
      enable_tickler boolean not null default false,
      test_id integer references invitation_tests(id) on delete restrict,
      status text not null default 'Draft'
        check (status in ('Draft', 'DB Processing', 'Ready', 'Sending', 'Completed')),
      status_reason text,
      count_processed integer not null default 0,
      count_pre_clean integer not null default 0`,
    { updatedBy: true },
  );
  await sql`create index invitations_deadline_idx on invitations (deadline, id)`.execute(db);
  await sql`create index invitations_chapter_idx on invitations (chapter_id)`.execute(db);
  await sql`create index invitations_institution_idx on invitations (institution_id)`.execute(db);

  await sql`
    create table invitees (
      id bigserial primary key,
      invitation_id integer not null references invitations(id) on delete cascade,
      row_number integer,
      salutation text,
      first_name text not null default '',
      last_name text not null default '',
      email text not null,
      major text,
      class text,
      mailing_address jsonb not null default '{}'::jsonb,
      phone_number text,
      removed boolean not null default false,
      removed_reason text,
      invitation_code text unique,
      legacy_pledge_at timestamptz,
      legacy_paid_at timestamptz,
      invite_count integer not null default 1 check (invite_count >= 1),
      test_value text check (test_value in ('Control', 'Variation')),
      email_sent boolean not null default false,
      email_deferred boolean not null default false,
      email_delivered boolean not null default false,
      email_rejected boolean not null default false,
      email_opened boolean not null default false,
      email_clicked boolean not null default false,
      email_bounced_soft boolean not null default false,
      email_bounced_hard boolean not null default false,
      email_spam boolean not null default false,
      email_unsub boolean not null default false,
      search text generated always as (lower(first_name || ' ' || last_name || ' ' || email)) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index invitees_invitation_idx on invitees (invitation_id, id)`.execute(db);
  await sql`create index invitees_email_idx on invitees (email)`.execute(db);
  await sql`create index invitees_search_trgm_idx on invitees using gin (search gin_trgm_ops)`.execute(db);
  await sql`select track_row_count('invitees')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
