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
 */

/** Notes the provider's deferral events among `events` (recorded just now, each once) against their domains. */
export async function noteProviderDeferrals(
  db: Db,
  events: (RecordedEvent & { providerEventId: string | null; message: string | null })[],
): Promise<void> {
  const deferrals = events.filter((e) => e.name === 'deferred' && e.providerEventId?.startsWith('provider:'));
  if (!deferrals.length) return;
  const sends = await db
    .selectFrom('emailSends')
    .select(['id', 'emailTo'])
    .where(sql<boolean>`id = any(${[...new Set(deferrals.map((e) => e.sendId))]}::bigint[])`)
    .execute();
  const toOf = new Map(sends.map((s) => [s.id, s.emailTo]));
  const byDomain = new Map<string, { n: number; answer: string | null }>();
  for (const e of deferrals) {
    const to = toOf.get(e.sendId);
    if (!to) continue;
    const d = byDomain.get(domainOf(to)) ?? { n: 0, answer: null };
    byDomain.set(domainOf(to), { n: d.n + 1, answer: e.message ?? d.answer });
  }
  if (!byDomain.size) return;
  const values = [...byDomain.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, d]) => sql`(${domain}, ${budgetOf(domain)}, 'slowed', ${d.n}::int, ${d.answer}, now())`);
  await sql`
    insert into email_domains as e (domain, budget, state, provider_deferrals, last_answer, deferring_since)
    values ${sql.join(values)}
    on conflict (domain) do update set
      provider_deferrals = e.provider_deferrals + excluded.provider_deferrals,
      last_answer = coalesce(excluded.last_answer, e.last_answer),
      state = case when e.state = 'normal' then 'slowed' else e.state end,
      deferring_since = coalesce(e.deferring_since, excluded.deferring_since),
      updated_at = now()`.execute(db);
}

/** Takes up the provider deferrals noted since the last call (each domain's once): the domains, with the last answer. */
export async function takeProviderDeferrals(db: Db): Promise<{ domain: string; budget: string; answer: string }[]> {
  const { rows } = await sql<{ domain: string; budget: string; answer: string | null }>`
    update email_domains set provider_deferrals = 0 where provider_deferrals > 0
    returning domain, budget, last_answer as answer`.execute(db);
  return rows.map((r) => ({ ...r, answer: r.answer ?? 'Deferred (provider event)' }));
}
