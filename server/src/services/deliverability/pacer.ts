import { throttleDelay, THROTTLE_DELAYS, type ThrottleDelays } from '../mail/send-rate.js';

/*
 * Per-budget pacing (issue 37), additive increase, multiplicative decrease, one budget per recipient
 * domain or hosting organisation (budgets.ts):
 * - a budget starts uncapped, or at its cap (messages a minute): its own, set on the deliverability page
 *   (domain-caps.ts), else EMAIL_DOMAIN_RATE; a cap changed while a pass runs applies from then on;
 * - a deferral (a 4xx to RCPT) halves its rate (an uncapped one from the rate it was going at) and holds it
 *   for a growing delay (THROTTLE_DELAYS: 5 s doubling per deferral in a row, at most an hour);
 * - each acceptance adds a twentieth of the rate it had before it slowed, back to uncapped (or the cap).
 * A budget that must wait is never waited for: its sends are left for later and the pass goes on with
 * the others, so one slow domain holds back no other.
 */

export type BudgetState = {
  /** Messages a minute, or null: uncapped. */
  rate: number | null;
  /** The rate to recover to (null: uncapped). */
  target: number | null;
  /** The rate it had when it first slowed: what a twentieth of is added per acceptance. */
  before: number;
  /** Date.now() before which nothing starts. */
  nextAt: number;
  /** Date.now() of the last start. */
  lastStart: number;
  /** Deferrals in a row. */
  deferrals: number;
  /** Starts in the current and previous minute windows (the measured rate of an uncapped budget). */
  window: { startedAt: number; count: number; previous: number; young: boolean };
};

const WINDOW_MS = 60_000;
/** An uncapped budget deferring at once halves from this (messages a minute): one start every 10 s. */
const MIN_MEASURED = 12;

export function domainPacer(
  opts: {
    /** Every budget's cap (EMAIL_DOMAIN_RATE) but those in `caps`. */
    capPerMinute?: number | null;
    /** Caps by budget, set on the deliverability page. */
    caps?: ReadonlyMap<string, number>;
    delays?: ThrottleDelays;
    now?: () => number;
  } = {},
) {
  let caps = opts.caps ?? new Map<string, number>();
  const capOf = (key: string) => caps.get(key) ?? opts.capPerMinute ?? null;
  const delays = opts.delays ?? THROTTLE_DELAYS;
  const now = opts.now ?? Date.now;
  const budgets = new Map<string, BudgetState>();

  const get = (key: string): BudgetState => {
    let b = budgets.get(key);
    if (!b) {
      const cap = capOf(key);
      b = {
        rate: cap,
        target: cap,
        before: cap ?? 0,
        nextAt: 0,
        lastStart: 0,
        deferrals: 0,
        window: { startedAt: now(), count: 0, previous: 0, young: true },
      };
      budgets.set(key, b);
    }
    return b;
  };
  /**
   * Starts a minute, over a sliding minute (the previous window weighted by how much of it is still inside);
   * a budget younger than a minute is extrapolated from its first second on.
   */
  const measured = (b: BudgetState, t: number) => {
    const w = b.window;
    if (t - w.startedAt >= WINDOW_MS) {
      w.previous = t - w.startedAt >= 2 * WINDOW_MS ? 0 : w.count;
      w.count = 0;
      w.startedAt = t - ((t - w.startedAt) % WINDOW_MS);
      w.young = false;
    }
    if (w.young) return (w.count * WINDOW_MS) / Math.max(1000, t - w.startedAt);
    return w.count + w.previous * (1 - (t - w.startedAt) / WINDOW_MS);
  };

  return {
    /** The state of a budget (created on first use). */
    state: get,
    /**
     * New caps by budget (the page's, read again while a pass runs): a budget at its old cap (or uncapped) goes to
     * its new one; a slowed one recovers to it, and is brought down to it at once when it is above.
     */
    setCaps(next: ReadonlyMap<string, number>) {
      caps = next;
      for (const [key, b] of budgets) {
        const cap = capOf(key);
        if (cap === b.target) continue;
        if (b.rate === b.target) {
          b.rate = cap;
          b.before = cap ?? b.before;
        } else if (cap !== null && b.rate !== null && b.rate > cap) b.rate = cap;
        b.target = cap;
      }
    },
    /** Seeds a budget from what an earlier pass left (its slowed rate). */
    seed(key: string, ratePerMinute: number | null) {
      const b = get(key);
      if (ratePerMinute !== null && (b.rate === null || ratePerMinute < b.rate)) {
        b.before = b.rate ?? Math.max(ratePerMinute * 2, 1);
        b.rate = ratePerMinute;
      }
    },
    /**
     * Asks to start one message now: 0 when it may (and the slot is taken), else the milliseconds until the
     * budget's next start (nothing taken).
     */
    slot(key: string): number {
      const b = get(key);
      const t = now();
      if (t < b.nextAt) return b.nextAt - t;
      measured(b, t);
      b.window.count++;
      b.lastStart = t;
      if (b.rate !== null) b.nextAt = Math.max(t, b.nextAt) + WINDOW_MS / b.rate;
      return 0;
    },
    accepted(key: string) {
      const b = get(key);
      b.deferrals = 0;
      if (b.rate === null) return;
      b.rate += Math.max(b.before / 20, 1);
      if (b.target !== null && b.rate >= b.target) b.rate = b.target;
      else if (b.target === null && b.rate >= b.before) b.rate = null;
    },
    /** The budget's recipient server deferred: halve its rate and hold it. Returns how long it is held. */
    deferred(key: string): number {
      const b = get(key);
      const t = now();
      const current = b.rate ?? Math.max(measured(b, t), MIN_MEASURED);
      if (b.deferrals === 0 && (b.rate === null || b.rate === b.target)) b.before = current;
      b.rate = Math.max(current / 2, 1);
      const hold = throttleDelay(b.deferrals, delays);
      b.deferrals++;
      b.nextAt = Math.max(b.nextAt, t + hold);
      return hold;
    },
    /** Budgets holding their sends now, with the milliseconds until each may start again. */
    held(): Map<string, number> {
      const t = now();
      const out = new Map<string, number>();
      for (const [key, b] of budgets) if (b.nextAt > t) out.set(key, b.nextAt - t);
      return out;
    },
    /** 'normal' (at its cap or uncapped) or 'slowed'. */
    stateName(key: string): 'normal' | 'slowed' {
      const b = get(key);
      return b.rate === b.target ? 'normal' : 'slowed';
    },
  };
}
export type DomainPacer = ReturnType<typeof domainPacer>;
