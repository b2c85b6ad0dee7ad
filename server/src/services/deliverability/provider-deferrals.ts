import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { budgetOf, domainOf } from './budgets.js';
import type { RecordedEvent } from './guard-rules.js';

/*
 * Deferrals the provider reports (issue 37 §1: SES DeliveryDelay, SendGrid and Mandrill deferred, Postmark's
 * transient bounces) slow the recipient's domain as a 4xx to RCPT does. Ingestion only notes them per domain
 * (email_domains.provider_deferrals, migration 0037d; the domain shows as slowed); the delivery pass takes them
 * up when it starts and every time it writes its domains (about every 2 s): each domain that deferred counts as
 * one deferral of its budget (pass-pacing.ts). A burst of reports about messages sent minutes ago is one signal,
 * not one halving each, which would take the domain's rate to the floor at once. The day counts (0037e) come
 * from the events themselves, so nothing here adds to email_domains.deferred.
 * They count toward the give-up as RCPT deferrals do: provider_deferring_since (0038b) is the first reported
 * deferral with no delivery to the domain reported since (a delivered event clears it; the relay's acceptance
 * does not, since a provider takes every message), and a domain taken up past EMAIL_DOMAIN_GIVE_UP_HOURS of it
 * is given up (pass-pacing.ts).
 */

type Noted = RecordedEvent & { providerEventId: string | null; message: string | null };

/**
 * Notes the provider's deferral events among `events` (recorded just now, each once) against their domains, and
 * its delivered events' domains as accepting again (their give-up clock cleared).
 */
export async function noteProviderDeferrals(db: Db, events: Noted[]): Promise<void> {
  const deferrals = events.filter((e) => e.name === 'deferred' && e.providerEventId?.startsWith('provider:'));
  const delivered = [...new Set(events.filter((e) => e.name === 'delivered').map((e) => e.sendId))];
  if (delivered.length)
    await sql`
      update email_domains e set provider_deferring_since = null
      from (select distinct lower(split_part(email_to, '@', 2)) as domain from email_sends
        where id = any(${delivered}::bigint[])) s
      where e.domain = s.domain and e.provider_deferring_since is not null`.execute(db);
  if (!deferrals.length) return;
  const sends = await db
    .selectFrom('emailSends')
    .select(['id', 'emailTo'])
    .where(sql<boolean>`id = any(${[...new Set(deferrals.map((e) => e.sendId))]}::bigint[])`)
    .execute();
  const toOf = new Map(sends.map((s) => [s.id, s.emailTo]));
  const byDomain = new Map<string, { n: number; answer: string | null; first: Date }>();
  const now = new Date();
  for (const e of deferrals) {
    const to = toOf.get(e.sendId);
    if (!to) continue;
    // The provider's time of the deferral (never later than now): the give-up counts from the first.
    const at = new Date(Math.min(new Date(e.eventAt).getTime(), now.getTime()));
    const d = byDomain.get(domainOf(to)) ?? { n: 0, answer: null, first: at };
    byDomain.set(domainOf(to), { n: d.n + 1, answer: e.message ?? d.answer, first: at < d.first ? at : d.first });
  }
  if (!byDomain.size) return;
  const values = [...byDomain.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([domain, d]) =>
        sql`(${domain}, ${budgetOf(domain)}, 'slowed', ${d.n}::int, ${d.answer}, ${d.first}::timestamptz)`,
    );
  await sql`
    insert into email_domains as e (domain, budget, state, provider_deferrals, last_answer, provider_deferring_since)
    values ${sql.join(values)}
    on conflict (domain) do update set
      provider_deferrals = e.provider_deferrals + excluded.provider_deferrals,
      last_answer = coalesce(excluded.last_answer, e.last_answer),
      state = case when e.state = 'normal' then 'slowed' else e.state end,
      provider_deferring_since = least(e.provider_deferring_since, excluded.provider_deferring_since),
      updated_at = now()`.execute(db);
}

/**
 * Takes up the provider deferrals noted since the last call (each domain's once): the domains, with the last answer
 * and since when the provider has reported nothing but deferrals for it.
 */
export async function takeProviderDeferrals(
  db: Db,
): Promise<{ domain: string; budget: string; answer: string; since: Date | null }[]> {
  const { rows } = await sql<{ domain: string; budget: string; answer: string | null; since: Date | null }>`
    update email_domains set provider_deferrals = 0 where provider_deferrals > 0
    returning domain, budget, last_answer as answer, provider_deferring_since as since`.execute(db);
  return rows.map((r) => ({ ...r, answer: r.answer ?? 'Deferred (provider event)' }));
}
