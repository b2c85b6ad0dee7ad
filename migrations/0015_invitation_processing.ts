import { sql, type Kysely } from 'kysely';
import { triggerFunction } from './lib/trigger-sql.js';

/** The invitee list's event keys (contract INVITEE_EVENTS) as conditions on a row of `t`. */
const EVENTS: Array<[string, string]> = [
  ['paid', 't.legacy_paid_at is not null'],
  ['pledge', 't.legacy_pledge_at is not null and t.legacy_paid_at is null'],
  ...(['sent', 'delivered', 'opened', 'clicked', 'deferred', 'rejected'] as const).map((e): [string, string] => [
    e,
    `t.email_${e}`,
  ]),
  ['bouncedSoft', 't.email_bounced_soft'],
  ['bouncedHard', 't.email_bounced_hard'],
  ['spam', 't.email_spam'],
  ['unsub', 't.email_unsub'],
];

/**
 * (invitation, event, n) of the rows of `table` with `sign`: one row per event a row has, and for a valid
 * (not removed) row its segment key `valid:<times invited 1-4>:<Control|Variation|->`, which the
 * reminders read to project how many invitees a bucket and segment reach (emails scheduled per day).
 */
const eventRows = (table: string, sign: number) => `
  select t.invitation_id, e.event, ${sign} as n from ${table} t
  cross join lateral (values ${EVENTS.map(([key, on]) => `('${key}', ${on})`).join(', ')}) as e(event, hit)
  where e.hit
  union all
  select t.invitation_id, 'valid:' || least(t.invite_count, 4) || ':' || coalesce(t.test_value, '-'), ${sign}
  from ${table} t where not t.removed`;

/** Adds the changes of `source` to invitation_event_counts in key order (no deadlock between writers). */
const applyEventCounts = (source: string, insert: boolean) =>
  insert
    ? `insert into invitation_event_counts as c (invitation_id, event, n)
       select invitation_id, event, sum(n) from (${source}) d group by 1, 2 having sum(n) <> 0 order by 1, 2
       on conflict (invitation_id, event) do update set n = c.n + excluded.n`
    : `update invitation_event_counts c set n = c.n + d.n
       from (select invitation_id, event, sum(n) as n from (${source}) x group by 1, 2 having sum(n) <> 0) d
       where c.invitation_id = d.invitation_id and c.event = d.event`;

/**
 * Invitee database processing (../shared/DOMAIN.md "Invitation lifecycle", "Cleaning"): the counts a
 * finished run leaves on the invitation (with the rows per times-invited bucket 1, 2, 3, 4+, so the
 * invitee lists count their usual filters without reading millions of rows), the run that owns the invitation's invitees (a re-saved
 * database starts a new run; an older run still going stops at its next batch), and the indexes the
 * invitee lists and the invitation's pledge and join counts read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table invitations
      add column count_valid integer not null default 0,
      add column count_fresh integer not null default 0,
      add column count_removed integer not null default 0,
      add column count_valid_control integer not null default 0,
      add column count_valid_variation integer not null default 0,
      add column count_by_invites integer[] not null default '{0,0,0,0}',
      add column processing_run uuid,
      add column processed_at timestamptz`.execute(db);

  // Pledged and joined counts per invitation read only the few invitees who pledged or paid.
  await sql`create index invitees_pledged_idx on invitees (invitation_id, test_value) where legacy_pledge_at is not null`.execute(
    db,
  );
  await sql`create index invitees_paid_idx on invitees (invitation_id, test_value) where legacy_paid_at is not null`.execute(
    db,
  );
  // Codes are searched by prefix; names and emails through the trigram index on search.
  await sql`create index invitees_code_prefix_idx on invitees (invitation_code text_pattern_ops)`.execute(db);
  await sql`create index invitees_invitation_row_idx on invitees (invitation_id, row_number)`.execute(db);
  // 'Times invited 4+' is rare: its pages read this small index in id order instead of filtering every row.
  await sql`create index invitees_invited_often_idx on invitees (id) where invite_count >= 4`.execute(db);
  await sql`create index invitees_name_idx on invitees (last_name, id)`.execute(db);
  // The less common events, each a small partial index in id order: an event filter's page reads the next
  // ten matches instead of walking every invitee until ten turn up (sent, delivered, opened match most rows).
  for (const [key, hit] of EVENTS.filter(([key]) => !['sent', 'delivered', 'opened'].includes(key))) {
    await sql
      .raw(`create index invitees_event_${key.toLowerCase()}_idx on invitees (id) where ${hit.replaceAll('t.', '')}`)
      .execute(db);
  }

  // Invitees per invitation and event key (paid, pledge, sent ... unsub, and the valid segment keys), kept exact by statement triggers
  // (flags change as provider events arrive): an event filter over millions of invitees is counted from here.
  // Deletes only update (an invitation's delete has already removed its rows here by cascade).
  await sql`
    create table invitation_event_counts (
      invitation_id integer not null references invitations(id) on delete cascade,
      event text not null,
      n bigint not null,
      primary key (invitation_id, event)
    )`.execute(db);
  await sql
    .raw(triggerFunction('invitee_events_inserted', applyEventCounts(eventRows('new_rows', 1), true)))
    .execute(db);
  await sql
    .raw(
      triggerFunction(
        'invitee_events_updated',
        applyEventCounts(`${eventRows('new_rows', 1)} union all ${eventRows('old_rows', -1)}`, true),
      ),
    )
    .execute(db);
  await sql
    .raw(triggerFunction('invitee_events_deleted', applyEventCounts(eventRows('old_rows', -1), false)))
    .execute(db);
  await sql`create trigger invitee_events_inserted after insert on invitees referencing new table as new_rows for each statement execute function invitee_events_inserted()`.execute(
    db,
  );
  await sql`create trigger invitee_events_updated after update on invitees referencing old table as old_rows new table as new_rows for each statement execute function invitee_events_updated()`.execute(
    db,
  );
  await sql`create trigger invitee_events_deleted after delete on invitees referencing old table as old_rows for each statement execute function invitee_events_deleted()`.execute(
    db,
  );
  await sql.raw(applyEventCounts(eventRows('invitees', 1), true)).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
