import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';

/**
 * Sign-in throttling that holds under concurrency. Each attempt takes transaction-scoped advisory
 * locks on its keys, counts the recent failures and, when allowed, records itself as a failure
 * before the password is checked; a success deletes that record afterwards. So when 30 guesses
 * arrive at once, each sees the ones before it, and at most the limit of them is checked.
 *
 * Three keys, so that no one can lock everyone out:
 * - `pair:` email + client address: `maxFailures` per window (the plain brute-force limit);
 * - `account:` email from any address: after `maxFailures`, each further attempt waits 30 s, 1 min,
 *   2 min, ... (capped at the window) after the last failure: slows a distributed attack without
 *   locking the owner out for long;
 * - `address:` client address for any email: `addressMaxFailures`, far higher, since many people may
 *   sign in from behind one proxy address.
 */
export type ThrottleRules = { maxFailures: number; addressMaxFailures: number; windowMinutes: number };

/** The configured rules (LOGIN_MAX_FAILURES, LOGIN_ADDRESS_MAX_FAILURES, LOGIN_WINDOW_MINUTES). */
export const throttleRules = (config: {
  LOGIN_MAX_FAILURES: number;
  LOGIN_ADDRESS_MAX_FAILURES: number;
  LOGIN_WINDOW_MINUTES: number;
}): ThrottleRules => ({
  maxFailures: config.LOGIN_MAX_FAILURES,
  addressMaxFailures: config.LOGIN_ADDRESS_MAX_FAILURES,
  windowMinutes: config.LOGIN_WINDOW_MINUTES,
});

export type Attempt = { allowed: true; ids: number[]; pairKey: string } | { allowed: false; retryAfterSeconds: number };

export function throttleKeys(email: string, address: string) {
  return { pair: `pair:${email}|${address}`, account: `account:${email}`, address: `address:${address}` };
}

/** Seconds until `ages` (seconds, oldest first) holds fewer than `max` entries inside the window. */
function untilBelow(ages: number[], max: number, windowSeconds: number): number {
  return ages.length < max ? 0 : windowSeconds - ages[ages.length - max]!;
}

const FIRST_ACCOUNT_DELAY_SECONDS = 30;

/** Seconds until the account's escalating delay has passed since its latest failure. */
function untilDelayPassed(ages: number[], max: number, windowSeconds: number): number {
  if (ages.length < max) return 0;
  const delay = Math.min(FIRST_ACCOUNT_DELAY_SECONDS * 2 ** (ages.length - max), windowSeconds);
  return delay - ages[ages.length - 1]!;
}

/** Either an attempt recorded as a failure until `succeeded` clears it, or how long to wait. */
export async function beginAttempt(db: Db, email: string, address: string, rules: ThrottleRules): Promise<Attempt> {
  const keys = throttleKeys(email, address);
  const all = [keys.pair, keys.account, keys.address];
  const windowSeconds = rules.windowMinutes * 60;
  return db.transaction().execute(async (trx) => {
    // Always in the same order, so two attempts sharing keys cannot deadlock.
    for (const key of [...all].sort())
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    const rows = await trx
      .selectFrom('loginFailures')
      .select(['key', sql<number>`extract(epoch from now() - failed_at)`.as('age')])
      .where('key', 'in', all)
      .where('failedAt', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
      .orderBy('failedAt')
      .orderBy('id')
      .execute();
    const ages = (key: string) => rows.filter((r) => r.key === key).map((r) => Number(r.age));
    const wait = Math.max(
      untilBelow(ages(keys.pair), rules.maxFailures, windowSeconds),
      untilDelayPassed(ages(keys.account), rules.maxFailures, windowSeconds),
      untilBelow(ages(keys.address), rules.addressMaxFailures, windowSeconds),
    );
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    const inserted = await trx
      .insertInto('loginFailures')
      .values(all.map((key) => ({ key })))
      .returning('id')
      .execute();
    return { allowed: true, ids: inserted.map((r) => r.id), pairKey: keys.pair };
  });
}

/** 429 with Retry-After unless the attempt may go ahead. */
export function assertAttemptAllowed(
  reply: { header(name: string, value: string): unknown },
  attempt: Attempt,
): asserts attempt is Extract<Attempt, { allowed: true }> {
  if (attempt.allowed) return;
  reply.header('retry-after', String(attempt.retryAfterSeconds));
  throw new AppError(429, `Too many failed sign-in attempts. Try again in ${waitText(attempt.retryAfterSeconds)}.`);
}

/**
 * An attempt under `key` (sign-in's limits per key, per client address and per both, kept apart from sign-in's by
 * the key's prefix), or 429 'Too many attempts. Try again in ...' with Retry-After. The caller settles it.
 */
export async function beginLimitedAttempt(
  db: Db,
  reply: Parameters<typeof assertAttemptAllowed>[0],
  key: string,
  address: string,
  rules: ThrottleRules,
): Promise<Extract<Attempt, { allowed: true }>> {
  const attempt = await beginAttempt(db, key, address, rules);
  if (attempt.allowed) return attempt;
  reply.header('retry-after', String(attempt.retryAfterSeconds));
  throw new AppError(429, `Too many attempts. Try again in ${waitText(attempt.retryAfterSeconds)}.`);
}

/**
 * `check` (a password or a code) as one throttled attempt under `key`: 429 with Retry-After when too many failed
 * already; a wrong answer counted as a failure, a right one forgiving this address's failures. Answers `check`'s verdict.
 */
export async function throttledCheck(
  db: Db,
  reply: Parameters<typeof assertAttemptAllowed>[0],
  throttle: { key: string; address: string; rules: ThrottleRules },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const attempt = await beginAttempt(db, throttle.key, throttle.address, throttle.rules);
  assertAttemptAllowed(reply, attempt);
  const ok = await check();
  if (ok) await attemptSucceeded(db, attempt);
  else await attemptFailed(db, throttle.rules);
  return ok;
}

/**
 * A right password (or code): the attempt was no failure, and the email's failures from this address are
 * forgiven, unless `forgive` is false: a right password before a second factor forgives nothing, so
 * alternating the password with wrong codes gains no fresh guesses; the right code forgives them all.
 */
export async function attemptSucceeded(
  db: Db,
  attempt: Extract<Attempt, { allowed: true }>,
  { forgive = true } = {},
): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where((eb) =>
      forgive ? eb.or([eb('id', 'in', attempt.ids), eb('key', '=', attempt.pairKey)]) : eb('id', 'in', attempt.ids),
    )
    .execute();
}

/** A wrong password: the attempt stays recorded; failures older than the window (and a day) are forgotten. */
export async function attemptFailed(db: Db, rules: ThrottleRules): Promise<void> {
  const keepSeconds = Math.max(86_400, rules.windowMinutes * 60);
  await db
    .deleteFrom('loginFailures')
    .where('failedAt', '<', sql<Date>`now() - make_interval(secs => ${keepSeconds})`)
    .execute();
}

/** "Try again in 40 seconds" / "in 15 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
