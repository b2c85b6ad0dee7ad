import type { SessionAccount } from './session-account.js';

type Entry = { account: SessionAccount; until: number };

const MAX_ENTRIES = 10_000;
const entries = new Map<string, Entry>();
const inFlight = new Map<string, Promise<SessionAccount | null>>();

/**
 * Session lookups remembered for a moment (SESSION_CACHE_MS, default 1 s), so a busy client does not
 * cost a database query per request. What this instance changes takes effect at once: every sign-out,
 * revocation and state-changing request forgets all entries. A change made elsewhere (another
 * instance, a script) is seen within the moment; set SESSION_CACHE_MS=0 to look up every request.
 */
export const sessionCache = {
  get(key: string, now = Date.now()): SessionAccount | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.account;
    entries.delete(key);
    return undefined;
  },
  set(key: string, account: SessionAccount, ttlMs: number, now = Date.now()): void {
    if (ttlMs <= 0) return;
    // Oldest first out: a burst of distinct sessions cannot grow the map without bound.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { account, until: now + ttlMs });
  },
  /** The lookup already under way for this key, or `lookUp()` started now and shared until it settles. */
  shared(key: string, lookUp: () => Promise<SessionAccount | null>): Promise<SessionAccount | null> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = lookUp().finally(() => {
        if (inFlight.get(key) === pending) inFlight.delete(key);
      });
      inFlight.set(key, pending);
    }
    return pending;
  },
  /** Forgets every entry, and every lookup under way: a request after this one looks up afresh. */
  clear(): void {
    entries.clear();
    inFlight.clear();
  },
};
