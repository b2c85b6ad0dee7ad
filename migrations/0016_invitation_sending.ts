import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createTable } from './lib/tables.js';
import { triggerFunction } from './lib/trigger-sql.js';

/** The send log's flags counted per (source, source id): `sends` is every row, the rest are events. */
const SEND_COUNTS: Array<[string, string]> = [
  ['sends', 'true'],
  ['queued', "t.status = 'queued'"],
  ['suppressed', "t.status = 'suppressed'"],
  ['failed', "t.status = 'failed'"],
  ...(
    [
      'sent',
      'delivered',
      'deferred',
      'rejected',
      'opened',
      'clicked',
      'bounced_soft',
      'bounced_hard',
      'spam',
      'unsub',
    ] as const
  ).map((e): [string, string] => [e, `t.${e}`]),
];

const sendCountRows = (table: string, sign: number) => `
  select t.source, t.source_id, e.event, ${sign} as n from ${table} t
  cross join lateral (values ${SEND_COUNTS.map(([key, on]) => `('${key}', ${on})`).join(', ')}) as e(event, hit)
  where e.hit`;

/** Adds the changes of `source` to email_send_counts in key order (no deadlock between writers). */
const applySendCounts = (source: string) => `
  insert into email_send_counts as c (source, source_id, event, n)
  select source, source_id, event, sum(n) from (${source}) d group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
  on conflict (source, source_id, event) do update set n = c.n + excluded.n`;

/**
 * A scheduled run over an invitation's invitees (a reminder `send`, a postal mailing `upload`): which
 * invitees (`invite_count`, `test_value`), when it is due and how it went, with the table's own columns
 * about what is sent (`what`) and what the run produced (`result`); listed per invitation and by schedule,
 * and found by the runner while not yet started.
 */
async function createInvitationRun(
  db: Kysely<any>,
  table: string,
  verb: 'send' | 'upload',
  what: RawBuilder<unknown>,
  result: RawBuilder<unknown>,
) {
  const col = (name: string) => sql.raw(`${verb}_${name}`);
  const idx = (name: string) => sql.raw(`${table}_${name}_idx`);
  await createTable(
    db,
    table,
    sql`
      invitation_id integer not null references invitations(id) on delete cascade,
      ${what},
      ${col('scheduled_at')} timestamptz not null,
      invite_count text not null default 'All'
        check (invite_count in ('All', '1st time', '2nd time', '3rd time', '4th or more times')),
      test_value text not null default 'All' check (test_value in ('All', 'Control', 'Variation')),
      ${col('started_at')} timestamptz,
      ${col('status')} text check (${col('status')} in ('In Progress', 'Success', 'Failed')),
      ${col('status_reason')} text,
      ${result}`,
    { updatedBy: true },
  );
  await sql`create index ${idx('invitation')} on ${sql.raw(table)} (invitation_id, id)`.execute(db);
  await sql`create index ${idx('scheduled')} on ${sql.raw(table)} (${col('scheduled_at')}, id)`.execute(db);
  await sql`create index ${idx('due')} on ${sql.raw(table)} (${col('scheduled_at')}) where ${col('started_at')} is null`.execute(
    db,
  );
}

/**
 * Invitation sending (spec 02 email reminders and postal mailings; ../shared/DOMAIN.md "Email: one
 * pipeline for every source"): the reminders scheduled per invitation, the postal mailings handed to the
 * print vendor, and the send log's totals per source kept by statement triggers, so a reminder's totals
 * and rates, the weekly stats and the dashboards read a few rows however many millions of sends exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createInvitationRun(
    db,
    'invitation_emails',
    'send',
    sql`template_id integer not null references email_templates(id) on delete restrict`,
    sql`
      -- The template version the send used and how many recipients it selected (set when it starts).
      template_version_id integer references email_template_versions(id) on delete set null,
      recipients integer`,
  );

  await createInvitationRun(
    db,
    'postal_mails',
    'upload',
    sql`file_id integer references files(id) on delete set null`,
    sql`
      upload_count integer,
      upload_csv_id integer references files(id) on delete set null`,
  );

  // Send-log rows per (source, source id, event): sends, queued, suppressed, failed and each provider event flag.
  await sql`
    create table email_send_counts (
      source text not null,
      source_id text not null,
      event text not null,
      n bigint not null,
      primary key (source, source_id, event)
    )`.execute(db);
  await sql
    .raw(triggerFunction('email_send_counts_inserted', applySendCounts(sendCountRows('new_rows', 1))))
    .execute(db);
  await sql
    .raw(
      triggerFunction(
        'email_send_counts_updated',
        applySendCounts(`${sendCountRows('new_rows', 1)} union all ${sendCountRows('old_rows', -1)}`),
      ),
    )
    .execute(db);
  await sql
    .raw(triggerFunction('email_send_counts_deleted', applySendCounts(sendCountRows('old_rows', -1))))
    .execute(db);
  await sql`create trigger email_send_counts_inserted after insert on email_sends referencing new table as new_rows for each statement execute function email_send_counts_inserted()`.execute(
    db,
  );
  await sql`create trigger email_send_counts_updated after update on email_sends referencing old table as old_rows new table as new_rows for each statement execute function email_send_counts_updated()`.execute(
    db,
  );
  await sql`create trigger email_send_counts_deleted after delete on email_sends referencing old table as old_rows for each statement execute function email_send_counts_deleted()`.execute(
    db,
  );
  await sql.raw(applySendCounts(sendCountRows('email_sends', 1))).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
