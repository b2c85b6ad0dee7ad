import { sql } from 'kysely';
import type { WarmupSchedule } from '@app/contract';
import type { Db } from '../../db/database.js';
import { defaultWarmupSchedule, type WarmupConfig } from './warmup.js';

/*
 * The warm-up table set on the deliverability page (issue 37 §2, email_warmup_schedule, migration 0038d): each
 * day's limit from EMAIL_WARMUP_START; no row is the computed default (warmup.ts). Saving and resetting are
 * audited by the table's trigger. Every reader of the warmed-up limit (delivery, the quota card, the projection,
 * emails per day, the deliverability page) reads it through `withWarmupSchedule`.
 */

/** The edited table, or null: the default. */
export async function storedWarmupSchedule(db: Db): Promise<{ limits: number[]; updatedAt: Date } | null> {
  const { rows } = await sql<{ limits: number[]; updatedAt: Date }>`
    select limits, updated_at as "updatedAt" from email_warmup_schedule`.execute(db);
  return rows[0] ?? null;
}

/** `config` with the warm-up table in force (the edited one, else none: warmup.ts computes the default). */
export async function withWarmupSchedule<C extends Omit<WarmupConfig, 'schedule'>>(
  db: Db,
  config: C,
): Promise<C & Pick<WarmupConfig, 'schedule'>> {
  if (!config.EMAIL_WARMUP_START) return config;
  const stored = await storedWarmupSchedule(db);
  return stored ? { ...config, schedule: stored.limits } : config;
}

/** The table as the page shows it. */
export async function warmupSchedule(db: Db, config: WarmupConfig): Promise<WarmupSchedule> {
  const stored = await storedWarmupSchedule(db);
  const defaultLimits = defaultWarmupSchedule(config.EMAIL_DAILY_QUOTA);
  return {
    limits: stored?.limits ?? defaultLimits,
    isDefault: !stored,
    defaultLimits,
    dailyQuota: config.EMAIL_DAILY_QUOTA,
    start: config.EMAIL_WARMUP_START ?? null,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
  };
}

/** What is wrong with `limits` against the quota (each day at most EMAIL_DAILY_QUOTA), or null. */
export function warmupScheduleProblem(limits: number[], quota: number): string | null {
  const over = limits.findIndex((l) => l > quota);
  if (over < 0) return null;
  return `Day ${over + 1}: ${limits[over]!.toLocaleString('en-US')} is above the daily quota of ${quota.toLocaleString('en-US')} (EMAIL_DAILY_QUOTA)`;
}

export async function saveWarmupSchedule(db: Db, limits: number[], by: number | null): Promise<void> {
  await sql`
    insert into email_warmup_schedule (id, limits, updated_by) values (true, ${limits}::int[], ${by})
    on conflict (id) do update set limits = excluded.limits, updated_by = excluded.updated_by, updated_at = now()
    where email_warmup_schedule.limits is distinct from excluded.limits`.execute(db);
}

/** Back to the computed default (the edited table is deleted). */
export async function resetWarmupSchedule(db: Db): Promise<void> {
  await sql`delete from email_warmup_schedule`.execute(db);
}
