import { setTimeout as sleep } from 'node:timers/promises';

/** Growing waits of a throttled send: `baseMs` doubled per throttle in a row, at most `maxMs` (an hour). */
export type ThrottleDelays = { baseMs: number; maxMs: number };
export const THROTTLE_DELAYS: ThrottleDelays = { baseMs: 5_000, maxMs: 60 * 60_000 };

/** How long a send throttled `throttles` times before (0 the first time) waits now. */
export const throttleDelay = (throttles: number, d: ThrottleDelays = THROTTLE_DELAYS) =>
  Math.min(d.maxMs, d.baseMs * 2 ** Math.min(throttles, 30));

/**
 * The sending rate of a pass: message starts spaced `1000 / rate` ms apart however many run at once.
 * It backs off when the provider throttles (the rate halves, down to 1/64 of the ceiling or one message
 * every 2 s, and every start waits out the pause) and recovers as messages are accepted again (the
 * ceiling/50 added per acceptance: back to full speed in about 50 messages): additive increase,
 * multiplicative decrease. The ceiling is the configured rate, or the provider's own maximum when lower.
 * @example const rate = sendRate(14); await rate.wait(); ...; rate.accepted() or rate.throttled(5000)
 */
export function sendRate(ceiling: number) {
  let max = ceiling;
  let rate = ceiling;
  let next = performance.now();
  const floor = () => Math.min(max, Math.max(max / 64, 0.5));
  return {
    get perSecond() {
      return rate;
    },
    /** Lowers (or raises) the ceiling, e.g. to the provider's maximum send rate. */
    setCeiling(perSecond: number) {
      max = Math.max(0.01, perSecond);
      rate = Math.min(rate, max);
    },
    async wait(signal?: AbortSignal) {
      const now = performance.now();
      const at = Math.max(now, next);
      next = at + 1000 / rate;
      if (at - now >= 1) await sleep(at - now, undefined, { signal }).catch(() => {});
    },
    accepted() {
      rate = Math.min(max, rate + max / 50);
    },
    /** The provider throttled: halve the rate and hold every start for `pauseMs`. */
    throttled(pauseMs: number) {
      rate = Math.max(floor(), rate / 2);
      next = Math.max(next, performance.now() + pauseMs);
    },
  };
}
export type SendRate = ReturnType<typeof sendRate>;
