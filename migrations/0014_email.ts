import { sql, type Kysely } from 'kysely';
import { belongsTo, createIdTable, createTable } from './lib/tables.js';

/**
 * One email pipeline for every source (../shared/DOMAIN.md "Email"): templates and the versions sends
 * use, the send log with a unique key per (source, source id, recipient) recorded before a message
 * leaves, provider and tracking events, the local outbox used when no SMTP server is configured, blocked
 * addresses, and secrets the app generates once (the unsubscribe and tracking HMAC keys).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(
    db,
    'email_templates',
    sql`
      name text not null,
      subject text not null,
      body text not null,
      body_format text not null default 'mjml' check (body_format in ('mjml', 'html')),
      template_type text not null default 'Invitation'
        check (template_type in ('Invitation', 'InvitationTickler', 'WelcomeEmail', 'WelcomeEmailNoPayment')),
      preview text not null,
      enabled boolean not null default true,
      from_name text not null,
      from_email text not null,
      reply_to_email text not null,
      version integer not null default 1,
      search text generated always as (lower(name || ' ' || subject || ' ' || from_email)) stored`,
    { updatedBy: true },
  );
  await sql`create index email_templates_name_idx on email_templates (name, id)`.execute(db);
  await sql`create index email_templates_search_trgm_idx on email_templates using gin (search gin_trgm_ops)`.execute(
    db,
  );

  // Every saved state of a template; a send names the version it used. Written on create and on each update.
  await createIdTable(
    db,
    'email_template_versions',
    sql`
      ${belongsTo('template_id', 'email_templates')},
      version integer not null,
      subject text not null,
      body text not null,
      body_format text not null,
      preview text not null,
      from_name text not null,
      from_email text not null,
      reply_to_email text not null,
      created_at timestamptz not null default now(),
      created_by integer references accounts(id) on delete set null,
      unique (template_id, version)`,
  );

  await sql`
    create table email_sends (
      id bigserial primary key,
      source text not null check (source in (
        'invitation_email', 'invitation_email_test', 'invitation_tickler', 'invitation_tickler_test',
        'welcome_email', 'welcome_email_test', 'welcome_no_payment', 'welcome_no_payment_test')),
      source_id text not null,
      recipient_key text not null,
      email_to text not null,
      email_type text not null check (email_type in ('Invitation', 'Transactional')),
      template_version_id integer references email_template_versions(id) on delete set null,
      account_id integer references accounts(id) on delete set null,
      invitee_id bigint references invitees(id) on delete set null,
      invitation_id integer references invitations(id) on delete set null,
      token_values jsonb not null default '{}'::jsonb,
      subject text,
      status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'suppressed')),
      send_status_message text,
      message_id text,
      attempts integer not null default 0,
      queued_at timestamptz not null default now(),
      send_at timestamptz,
      sent boolean not null default false,
      deferred boolean not null default false,
      delivered boolean not null default false,
      rejected boolean not null default false,
      opened boolean not null default false,
      clicked boolean not null default false,
      bounced_soft boolean not null default false,
      bounced_hard boolean not null default false,
      spam boolean not null default false,
      unsub boolean not null default false,
      search text generated always as (lower(email_to || ' ' || coalesce(subject, ''))) stored,
      unique (source, source_id, recipient_key)
    )`.execute(db);
  await sql`create index email_sends_queued_idx on email_sends (id) where status = 'queued'`.execute(db);
  await sql`create index email_sends_send_at_idx on email_sends (send_at) where send_at is not null`.execute(db);
  await sql`create index email_sends_invitee_idx on email_sends (invitee_id) where invitee_id is not null`.execute(db);
  await sql`create index email_sends_message_idx on email_sends (message_id) where message_id is not null`.execute(db);
  await sql`create index email_sends_search_trgm_idx on email_sends using gin (search gin_trgm_ops)`.execute(db);
  await sql`select track_row_count('email_sends')`.execute(db);

  await sql`
    create table email_events (
      id bigserial primary key,
      send_id bigint not null references email_sends(id) on delete cascade,
      name text not null check (name in (
        'sent', 'delivered', 'opened', 'clicked', 'deferred', 'rejected', 'bounced_soft', 'bounced_hard', 'spam', 'unsub')),
      event_at timestamptz not null default now(),
      link text,
      ip_address text,
      user_agent text,
      message text,
      -- A mail privacy proxy's open or a link scanner's click: kept, not counted as engagement.
      automated boolean not null default false,
      provider_event_id text unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index email_events_send_idx on email_events (send_id, event_at, id)`.execute(db);

  await sql`
    create table email_outbox (
      id bigserial primary key,
      send_id bigint unique references email_sends(id) on delete cascade,
      from_address text not null,
      to_address text not null,
      subject text not null,
      html text not null,
      text text not null,
      headers jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);

  await createTable(
    db,
    'blocked_emails',
    sql`
      email text not null,
      email_type text not null check (email_type in ('All', 'Invitation', 'Transactional')),
      reason text not null,
      feedback_type text not null default 'manual' check (feedback_type in ('manual', 'unsub', 'bounced_hard', 'spam')),
      search text generated always as (lower(email || ' ' || reason)) stored`,
    { updatedBy: true, constraints: sql`unique (email, email_type)` },
  );
  await sql`create index blocked_emails_search_trgm_idx on blocked_emails using gin (search gin_trgm_ops)`.execute(db);

  await sql`create table app_secrets (name text primary key, value text not null, created_at timestamptz not null default now())`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
