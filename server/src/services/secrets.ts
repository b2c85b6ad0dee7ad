import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/database.js';

/** Secrets an operator may set in the environment; any other name is always generated. */
const CONFIGURED: Record<string, string> = {
  'unsubscribe-hmac': 'UNSUBSCRIBE_SECRET',
};

let processConfig: Config | undefined;

/**
 * The configuration services read when they are called without an app at hand (links in emails built by
 * the worker, secrets): the process environment, read once. Tests may set their own.
 */
export function serviceConfig(): Config {
  return (processConfig ??= loadConfig());
}

/** A setting by name, read loosely so this file does not depend on which settings config.ts declares. */
export function serviceSetting(name: string): string | number | boolean | undefined {
  const value = (serviceConfig() as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** Replaces the configuration services read (tests), and forgets cached secrets. */
export function setServiceConfig(config: Config | undefined): void {
  processConfig = config;
  cache.clear();
}

const cache = new Map<string, Promise<string>>();

/**
 * The named secret: from configuration when set (e.g. UNSUBSCRIBE_SECRET for 'unsubscribe-hmac'), else
 * generated once (32 random bytes, base64url) and kept in app_secrets. The insert does nothing when a row
 * exists and the value is read back, so concurrent first calls (in this or another process) agree.
 * Cached in the process.
 */
export function appSecret(db: Db, name: string): Promise<string> {
  const configKey = CONFIGURED[name];
  const configured = configKey ? serviceSetting(configKey) : undefined;
  if (typeof configured === 'string' && configured) return Promise.resolve(configured);
  let pending = cache.get(name);
  if (!pending) {
    pending = storedSecret(db, name);
    cache.set(name, pending);
    // A failed read is not remembered: the next call tries again.
    pending.catch(() => cache.delete(name));
  }
  return pending;
}

async function storedSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('appSecrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('appSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Forgets cached secrets (tests that check the stored row). */
export function forgetCachedSecrets(): void {
  cache.clear();
}
