import { sql } from 'kysely';
import type { GuardKind, GuardRule } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { EmailEventName } from '../../db/tables/email.js';
import { blockAddress, normalizeEmail } from '../mail/suppression.js';

/*
 * The guards' rules per kind (issue 37 §3, email_guard_rules, migration 0037d): after `times` hard bounces,
 * soft bounces or complaints of one address (within `withinDays`, or ever), block it for every type, or block it
 * and unsubscribe it. Applied as events arrive, once per event: each is kept in email_guard_hits under its own
 * id (a second delivery of it inserts nothing there, so applies nothing), and the rule counts that address's
 * hits over an index range.
 */

const GUARDED = new Set<EmailEventName>(['bounced_hard', 'bounced_soft', 'spam']);

/** An event just recorded (recordEmailEvents): its id, send and kind. */
export type RecordedEvent = { id: number; sendId: number; name: EmailEventName; eventAt: Date; automated: boolean };

export async function guardRules(db: Db): Promise<GuardRule[]> {
  const { rows } = await sql<GuardRule>`
    select kind, times, within_days as "withinDays", action from email_guard_rules order by kind`.execute(db);
  return rows;
}

export async function saveGuardRules(db: Db, rules: GuardRule[], by: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const r of rules)
      await sql`
        update email_guard_rules set times = ${r.times}, within_days = ${r.withinDays}, action = ${r.action},
          updated_by = ${by}, updated_at = now()
        where kind = ${r.kind} and (times, within_days, action) is distinct from (${r.times}::int, ${r.withinDays}::int, ${r.action}::text)`.execute(
        trx,
      );
  });
}

/** The reason a block by `rule` says: 'Hard bounce', 'Soft bounce x3 within 30 days', 'Spam complaint'. */
export function ruleReason(rule: Pick<GuardRule, 'kind' | 'times' | 'withinDays'>): string {
  const base = { bounced_hard: 'Hard bounce', bounced_soft: 'Soft bounce', spam: 'Spam complaint' }[rule.kind];
  if (rule.times === 1) return base;
  return `${base} x${rule.times}${rule.withinDays ? ` within ${rule.withinDays} days` : ''}`;
}

const FEEDBACK: Record<GuardKind, 'bounced_hard' | 'spam'> = {
  bounced_hard: 'bounced_hard',
  bounced_soft: 'bounced_hard',
  spam: 'spam',
};

/**
 * Applies the rules to the bounces and complaints among `events` (automated ones aside). Answers the sends whose
 * rule says to unsubscribe them as well (the caller records their `unsub`).
 */
export async function applyGuardRules(db: Db, events: RecordedEvent[]): Promise<number[]> {
  const guarded = events.filter((e) => GUARDED.has(e.name) && !e.automated);
  if (!guarded.length) return [];
  const sendIds = [...new Set(guarded.map((e) => e.sendId))];
  const sends = await db
    .selectFrom('emailSends')
    .select(['id', 'emailTo'])
    .where(sql<boolean>`id = any(${sendIds}::bigint[])`)
    .execute();
  const emailOf = new Map(sends.map((s) => [s.id, normalizeEmail(s.emailTo)]));
  const values = guarded.flatMap((e) => {
    const email = emailOf.get(e.sendId);
    return email ? [sql`(${e.id}::bigint, ${email}, ${e.name}, ${e.eventAt}::timestamptz)`] : [];
  });
  if (!values.length) return [];
  const { rows: hits } = await sql<{ eventId: number; email: string; kind: GuardKind; at: Date }>`
    insert into email_guard_hits (event_id, email, kind, at) values ${sql.join(values)}
    on conflict (event_id) do nothing
    returning event_id as "eventId", email, kind, at`.execute(db);
  if (!hits.length) return [];
  const rules = new Map((await guardRules(db)).map((r) => [r.kind, r]));
  const unsubscribe: number[] = [];
  const done = new Set<string>();
  for (const hit of hits) {
    const rule = rules.get(hit.kind);
    if (!rule || rule.action === 'none' || done.has(`${hit.kind}:${hit.email}`)) continue;
    if (!(await reached(db, hit, rule))) continue;
    done.add(`${hit.kind}:${hit.email}`);
    await act(db, hit.email, rule);
    if (rule.action === 'block_unsubscribe')
      unsubscribe.push(...guarded.filter((e) => emailOf.get(e.sendId) === hit.email).map((e) => e.sendId));
  }
  return [...new Set(unsubscribe)];
}

async function reached(db: Db, hit: { email: string; kind: GuardKind; at: Date }, rule: GuardRule): Promise<boolean> {
  if (rule.times === 1) return true;
  const since = rule.withinDays
    ? sql`and at > ${hit.at}::timestamptz - make_interval(days => ${rule.withinDays})`
    : sql``;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from email_guard_hits
    where email = ${hit.email} and kind = ${hit.kind} and at <= ${hit.at}::timestamptz ${since}`.execute(db);
  return (rows[0]?.n ?? 0) >= rule.times;
}

async function act(db: Db, email: string, rule: GuardRule) {
  await blockAddress(db, { email, emailType: 'All', reason: ruleReason(rule), feedbackType: FEEDBACK[rule.kind] });
}
