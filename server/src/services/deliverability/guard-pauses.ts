import { sql } from 'kysely';
import { ratePercent, type GuardPause, type GuardWindow } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';
import { queueEmails } from '../mail/send.js';
import { scopeWindows, type ScopeWindows } from './guard-rates.js';

/*
 * The guards' pauses (issue 37 §3, email_guard_pauses, migration 0037d). A campaign (an invitation) whose hard-bounce
 * rate reaches EMAIL_PAUSE_BOUNCE_RATE, or whose complaint rate reaches EMAIL_PAUSE_COMPLAINT_RATE, over at least
 * EMAIL_PAUSE_MIN_SENDS sends in the last 24 hours or 7 days, gets no new reminder started until someone resumes
 * it; the whole account's rates over the limit pause every campaign's. The staff who sent the campaign's
 * reminders in those 7 days are emailed why. Resuming is an explicit, audited action, and the rates count
 * again from it.
 */

/** The settings the guards read (server/src/config.ts); rates in percent. */
export type GuardSettings = {
  EMAIL_PAUSE_BOUNCE_RATE: number;
  EMAIL_PAUSE_COMPLAINT_RATE: number;
  EMAIL_PAUSE_MIN_SENDS: number;
  PUBLIC_URL?: string | undefined;
};

export const guardThresholds = (c: GuardSettings) => ({
  bounceRate: c.EMAIL_PAUSE_BOUNCE_RATE / 100,
  complaintRate: c.EMAIL_PAUSE_COMPLAINT_RATE / 100,
  minSends: c.EMAIL_PAUSE_MIN_SENDS,
});
type Thresholds = ReturnType<typeof guardThresholds>;

type Breach = { kind: 'bounce' | 'complaint'; rate: number; sends: number; reason: string };

/** Why the scope must pause (the first window and kind over its limit), or null. */
export function breach(w: ScopeWindows, t: Thresholds): Breach | null {
  const windows: [string, GuardWindow][] = [
    ['24 hours', w.guardDay],
    ['7 days', w.guardWeek],
  ];
  for (const [label, win] of windows) {
    if (win.sent < t.minSends) continue;
    const kinds = [
      ['bounce', 'Bounce rate', win.bounced, t.bounceRate],
      ['complaint', 'Complaint rate', win.complained, t.complaintRate],
    ] as const;
    for (const [kind, name, n, limit] of kinds) {
      const rate = n / win.sent;
      if (rate >= limit)
        return {
          kind,
          rate,
          sends: win.sent,
          reason: `${name} ${ratePercent(rate)} (${n} of ${win.sent} sends) over the last ${label} reached the ${ratePercent(limit)} limit`,
        };
    }
  }
  return null;
}

/** Pauses the scopes over their limits (each once while live) and emails their senders; answers the new pauses' ids. */
export async function checkGuards(db: Db, jobs: AppJobs, config: GuardSettings): Promise<number[]> {
  const t = guardThresholds(config);
  const created: number[] = [];
  for (const [scope, windows] of await scopeWindows(db)) {
    const why = breach(windows, t);
    if (!why) continue;
    const { rows } = await sql<{ id: number }>`
      insert into email_guard_pauses (invitation_id, kind, reason, rate, sends)
      select ${scope || null}::int, ${why.kind}, ${why.reason}, ${why.rate}, ${why.sends}
      where ${scope}::bigint = 0 or exists (select 1 from invitations where id = ${scope}::int)
      on conflict ((coalesce(invitation_id, 0))) where resumed_at is null do nothing
      returning id`.execute(db);
    for (const { id } of rows) {
      created.push(id);
      await notifySenders(db, jobs, config, id);
    }
  }
  return created;
}

/** Emails the staff who started the paused campaign's reminders (any campaign's, for the account) in the last 7 days. */
async function notifySenders(db: Db, jobs: AppJobs, config: GuardSettings, pauseId: number) {
  const pause = (await livePauses(db)).find((p) => p.id === pauseId);
  if (!pause) return;
  const scope = pause.invitationId === null ? sql`` : sql`and e.invitation_id = ${pause.invitationId}`;
  const { rows: staff } = await sql<{ id: number; email: string; firstName: string }>`
    select distinct a.id, a.email, a.first_name as "firstName" from invitation_emails e join accounts a on a.id = e.updated_by
    where e.send_started_at > now() - interval '7 days' and a.active ${scope}
    order by a.id`.execute(db);
  if (!staff.length) return;
  const page = `${(config.PUBLIC_URL ?? '').replace(/\/$/, '')}/admin/logistics/deliverability`;
  await queueEmails(db, jobs, {
    source: 'guard_notice',
    sourceId: String(pauseId),
    templateVersionId: null,
    emails: staff.map((a) => ({
      recipientKey: a.email.toLowerCase(),
      to: a.email,
      emailType: 'Transactional',
      accountId: a.id,
      values: { firstName: a.firstName, campaign: pause.name, reason: pause.reason, pageUrl: page },
    })),
  });
}

/** An invitation (`inv`, its chapter `ch`) as the audit log names it: 'Alpha Chapter · Jan 31, 2030'. */
export const invitationName = sql<string>`ch.name || ' · ' || to_char(inv.deadline, 'Mon FMDD, YYYY')`;

/** The live pauses (only those stopping `invitationId`'s reminders when given: its own and an account-wide one). */
export async function livePauses(db: Db, invitationId?: number): Promise<GuardPause[]> {
  const only = invitationId ? sql`and (p.invitation_id is null or p.invitation_id = ${invitationId})` : sql``;
  const { rows } = await sql<GuardPause & { pausedAt: Date }>`
    select p.id, p.invitation_id as "invitationId", coalesce(${invitationName}, 'Every invitation') as name, p.kind,
      p.reason, p.paused_at as "pausedAt"
    from email_guard_pauses p left join invitations inv on inv.id = p.invitation_id
      left join chapters ch on ch.id = inv.chapter_id
    where p.resumed_at is null ${only}
    order by p.paused_at desc, p.id desc`.execute(db);
  return rows.map((r) => ({ ...r, pausedAt: new Date(r.pausedAt).toISOString() }));
}

/** Resumes a live pause (audited: the row trigger records `resume` with the acting staff member); false when not live. */
export async function resumePause(db: Db, id: number, by: number | null): Promise<boolean> {
  const row = await db.transaction().execute((trx) =>
    sql<{ id: number }>`
      update email_guard_pauses set resumed_at = now(), resumed_by = ${by}
      where id = ${id} and resumed_at is null returning id`.execute(trx),
  );
  return row.rows.length > 0;
}

/** A condition on a reminder row (`e`): no live pause stops its invitation. */
export const notPaused = (invitationId = sql.ref('e.invitation_id')) =>
  sql<boolean>`not exists (select 1 from email_guard_pauses p where p.resumed_at is null
    and (p.invitation_id is null or p.invitation_id = ${invitationId}))`;
