import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * What a delivery pass learns per recipient domain, kept in email_domains (migration 0036d): counts,
 * the pacing state, and since when the domain has deferred every message (the give-up counts from there,
 * across passes). Written once per batch, as deltas.
 */

type DomainRow = {
  budget: string;
  sent: number;
  deferred: number;
  deferringSince: Date | null;
  lastAnswer: string | null;
  state: 'normal' | 'slowed' | 'given_up';
  ratePerMinute: number | null;
  deferrals: number;
  touched: boolean;
};

export function domainLog() {
  const rows = new Map<string, DomainRow>();
  const row = (domain: string, budget: string) => {
    let r = rows.get(domain);
    if (!r) {
      r = {
        budget,
        sent: 0,
        deferred: 0,
        deferringSince: null,
        lastAnswer: null,
        state: 'normal',
        ratePerMinute: null,
        deferrals: 0,
        touched: false,
      };
      rows.set(domain, r);
    }
    return r;
  };
  return {
    /** Loads the domains an earlier pass left slowed or deferring. */
    async load(db: Db): Promise<{ domain: string; budget: string; ratePerMinute: number | null }[]> {
      const { rows: found } = await sql<{
        domain: string;
        budget: string;
        ratePerMinute: number | null;
        deferringSince: Date | null;
        state: DomainRow['state'];
        deferrals: number;
      }>`
        select domain, budget, rate_per_minute as "ratePerMinute", deferring_since as "deferringSince", state, deferrals
        from email_domains where state <> 'normal' or deferring_since is not null`.execute(db);
      for (const f of found)
        Object.assign(row(f.domain, f.budget), {
          deferringSince: f.deferringSince,
          state: f.state,
          ratePerMinute: f.ratePerMinute,
          deferrals: f.deferrals,
        });
      return found;
    },
    accepted(domain: string, budget: string) {
      const r = row(domain, budget);
      Object.assign(r, { sent: r.sent + 1, deferringSince: null, deferrals: 0, touched: true });
      if (r.state === 'given_up') r.state = 'normal';
    },
    /**
     * Records a deferral; returns since when the domain has deferred every message to RCPT. A `provider` one (an
     * event, provider-deferrals.ts) is counted by its event and has its own give-up clock (provider_deferring_since),
     * so neither `deferred` nor deferring_since is touched.
     */
    deferred(domain: string, budget: string, answer: string, at = new Date(), from: 'rcpt' | 'provider' = 'rcpt') {
      const r = row(domain, budget);
      const deferred = r.deferred + (from === 'provider' ? 0 : 1);
      Object.assign(r, { deferred, lastAnswer: answer, deferrals: r.deferrals + 1, touched: true });
      if (from === 'rcpt') r.deferringSince ??= at;
      return r.deferringSince ?? at;
    },
    /** The budget's pacing state, copied onto each of its domains touched in this pass. */
    pace(budget: string, state: 'normal' | 'slowed', ratePerMinute: number | null) {
      for (const r of rows.values())
        if (r.budget === budget && r.touched && r.state !== 'given_up') Object.assign(r, { state, ratePerMinute });
    },
    givenUp(domain: string, budget: string) {
      Object.assign(row(domain, budget), { state: 'given_up', touched: true });
    },
    /** Writes the domains touched since the last flush (counts added). */
    async flush(db: Db) {
      const touched = [...rows.entries()].filter(([, r]) => r.touched);
      if (!touched.length) return;
      const values = sql.join(
        touched.map(
          ([d, r]) =>
            sql`(${d}, ${r.budget}, ${r.state}, ${r.ratePerMinute}::double precision, ${r.deferrals}::int, ${r.deferringSince}::timestamptz, ${r.lastAnswer}, ${r.sent}::bigint, ${r.deferred}::bigint)`,
        ),
      );
      for (const [, r] of touched) Object.assign(r, { sent: 0, deferred: 0, touched: false });
      await sql`
        insert into email_domains as e (domain, budget, state, rate_per_minute, deferrals, deferring_since, last_answer, sent, deferred)
        values ${values}
        on conflict (domain) do update set
          budget = excluded.budget, state = excluded.state, rate_per_minute = excluded.rate_per_minute,
          deferrals = excluded.deferrals, deferring_since = excluded.deferring_since,
          last_answer = coalesce(excluded.last_answer, e.last_answer),
          sent = e.sent + excluded.sent, deferred = e.deferred + excluded.deferred, updated_at = now()`.execute(db);
    },
  };
}
export type DomainLog = ReturnType<typeof domainLog>;
