import type { Db } from '../../db/database.js';
import type { ThrottleDelays } from '../mail/send-rate.js';
import { writeOutcomes, type Claimed, type Outcome } from '../mail/send-queue.js';
import { domainBudgets, domainOf } from './budgets.js';
import { domainLog } from './domain-log.js';
import { domainPacer } from './pacer.js';
import { domainCaps } from './domain-caps.js';
import { queuedTo } from './give-up.js';
import { takeProviderDeferrals } from './provider-deferrals.js';

/** How often a pass writes what it learnt per domain (and once more at its end). */
const FLUSH_MS = 2000;

/** The settings per-domain pacing reads (server/src/config.ts). */
export type PacingConfig = {
  /** Messages a minute per domain (or hosting organisation) without a cap of its own (domain-caps.ts); none by default. */
  EMAIL_DOMAIN_RATE?: number | undefined;
  /** A domain deferring every message this long has its sends failed (default 48). */
  EMAIL_DOMAIN_GIVE_UP_HOURS?: number | undefined;
  DNS_SERVER?: string | undefined;
};

/**
 * The per-domain side of one delivery pass (see pacer.ts): which domains to leave out of the next claim,
 * whether a claimed send may start now, what its outcome does to its domain, and the give-up after
 * EMAIL_DOMAIN_GIVE_UP_HOURS of nothing but deferrals. The caps set on the deliverability page are read at the
 * start and at each flush; a domain capped by name has a budget of its own, apart from its mail host's.
 */
export function passPacing(db: Db, config: PacingConfig, delays: ThrottleDelays) {
  const budgets = domainBudgets({ dnsServer: config.DNS_SERVER });
  const pacer = domainPacer({ capPerMinute: config.EMAIL_DOMAIN_RATE ?? null, delays });
  const log = domainLog();
  const giveUpMs = (config.EMAIL_DOMAIN_GIVE_UP_HOURS ?? 48) * 3_600_000;
  const domainsOf = new Map<string, Set<string>>();
  const givingUp = new Map<string, string>();
  let flushedAt = Date.now();
  let caps = new Map<string, number>();
  const budgetOf = (domain: string) => {
    const budget = caps.has(domain) ? domain : budgets.of(domain);
    let set = domainsOf.get(budget);
    if (!set) domainsOf.set(budget, (set = new Set()));
    set.add(domain);
    return budget;
  };

  /** Gives `domain` up: its queued sends fail with the reason at the next flush (the send in hand with it). */
  const giveUp = (domain: string, budget: string, since: Date, answer: string) => {
    const reason = `Gave up: ${domain} has deferred every message since ${since.toISOString()} (over ${giveUpMs / 3_600_000} hours): ${answer}`;
    givingUp.set(domain, reason);
    log.givenUp(domain, budget);
    return reason;
  };
  /**
   * The provider's deferral events noted since (provider-deferrals.ts): each domain's slows its budget once, and a
   * domain the provider has reported nothing but deferrals for since longer than the give-up limit is given up.
   */
  const takeUp = async () => {
    for (const d of await takeProviderDeferrals(db)) {
      const budget = budgetOf(d.domain);
      pacer.deferred(budget);
      log.deferred(d.domain, budget, d.answer, new Date(), 'provider');
      if (d.since && Date.now() - new Date(d.since).getTime() >= giveUpMs)
        giveUp(d.domain, budget, new Date(d.since), d.answer);
      log.pace(budget, pacer.stateName(budget), pacer.state(budget).rate);
    }
  };
  /** Reads the page's caps; a domain whose budget changed with them leaves its old budget's set. */
  const readCaps = async () => {
    const next = await domainCaps(db);
    const same = next.size === caps.size && [...next].every(([k, v]) => caps.get(k) === v);
    if (same) return;
    caps = next;
    pacer.setCaps(caps);
    for (const [budget, domains] of domainsOf)
      for (const d of domains) if (budget !== (caps.has(d) ? d : budgets.of(d))) domains.delete(d);
  };
  /** Fails the queued sends of the domains given up. */
  const failGivenUp = async () => {
    for (const [domain, reason] of givingUp) {
      givingUp.delete(domain);
      for (let ids = await queuedTo(db, domain); ids.length; ids = await queuedTo(db, domain))
        await writeOutcomes(
          db,
          ids.map((id) => ({
            id,
            status: 'failed',
            message: reason,
            messageId: '',
            event: { sendId: id, name: 'rejected', message: reason, providerEventId: `local:${id}:rejected` },
          })),
        );
    }
  };

  return {
    async start() {
      for (const f of await log.load(db)) {
        domainsOf.set(f.budget, (domainsOf.get(f.budget) ?? new Set()).add(f.domain));
        pacer.seed(f.budget, f.ratePerMinute);
      }
      await readCaps();
      await takeUp();
      await log.flush(db);
      await failGivenUp();
    },
    /** Learns the budgets (MX organisations) of a claimed batch's domains. */
    learn: (rows: Claimed[]) => budgets.learn(rows.map((r) => domainOf(r.emailTo))),
    /** Recipient domains whose budget holds its sends now (left out of claims), and the ms until the first may start again. */
    held(): { domains: string[]; dueMs: number | null } {
      const held = pacer.held();
      const waits = [...held.values()];
      return {
        domains: [...held.keys()].flatMap((b) => [...(domainsOf.get(b) ?? [])]),
        dueMs: waits.length ? Math.min(...waits) : null,
      };
    },
    /** Takes a start for this send's domain now, or false: the send is left for later (not tried). */
    mayStart(row: Claimed): boolean {
      return pacer.slot(budgetOf(domainOf(row.emailTo))) === 0;
    },
    /** What the outcome does to the domain; a deferral past the give-up limit fails the send instead. */
    after(row: Claimed, outcome: Outcome): Outcome {
      const domain = domainOf(row.emailTo);
      const budget = budgetOf(domain);
      if (outcome.status === 'sent') {
        const wasSlowed = pacer.stateName(budget) === 'slowed';
        log.accepted(domain, budget);
        pacer.accepted(budget);
        // Nothing changed for a budget at full speed: the common case costs no more.
        if (!wasSlowed) return outcome;
      } else if (outcome.domainDeferral) {
        pacer.deferred(budget);
        const since = log.deferred(domain, budget, outcome.domainDeferral);
        if (Date.now() - since.getTime() >= giveUpMs) {
          const reason = giveUp(domain, budget, since, outcome.domainDeferral);
          outcome = {
            ...outcome,
            status: 'failed',
            message: reason,
            retryAt: undefined,
            event: { sendId: row.id, name: 'rejected', message: reason, providerEventId: `local:${row.id}:rejected` },
          };
        }
      } else return outcome;
      log.pace(budget, pacer.stateName(budget), pacer.state(budget).rate);
      return outcome;
    },
    /** Writes the domains' state (at most every FLUSH_MS, unless `final`); fails the queued sends of domains given up. */
    async flush(final = false) {
      if (!final && !givingUp.size && Date.now() - flushedAt < FLUSH_MS) return;
      flushedAt = Date.now();
      await readCaps();
      await takeUp();
      await log.flush(db);
      await failGivenUp();
    },
  };
}
export type PassPacing = ReturnType<typeof passPacing>;
