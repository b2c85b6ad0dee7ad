import type { Db } from '../../db/database.js';
import { sentThisUtcDay, warmupLimit } from './warmup.js';

/** The settings the warm-up reads (server/src/config.ts). */
export type WarmupConfig = { EMAIL_WARMUP_START?: string | undefined; EMAIL_DAILY_QUOTA: number };

export type WarmupNow = { start: string; day: number; limit: number; sentToday: number };

/**
 * The warm-up today (issue 37 §2), for the screens that plan sending (the quota card, the reminder projection,
 * emails per day, the deliverability page): its day, the day's limit and what was sent since the UTC day began;
 * null when EMAIL_WARMUP_START is unset or the schedule has reached the quota.
 */
export async function warmupNow(db: Db, config: WarmupConfig, now = new Date()): Promise<WarmupNow | null> {
  const w = warmupLimit(config.EMAIL_WARMUP_START, config.EMAIL_DAILY_QUOTA, now);
  if (!w || !config.EMAIL_WARMUP_START) return null;
  return { start: config.EMAIL_WARMUP_START, ...w, sentToday: await sentThisUtcDay(db, now) };
}

/** The most that may be sent on `day` (YYYY-MM-DD, UTC): the warm-up's limit that day, else the quota. */
export function dayLimit(config: WarmupConfig, day: string): { limit: number; warmupDay: number | null } {
  const w = warmupLimit(config.EMAIL_WARMUP_START, config.EMAIL_DAILY_QUOTA, new Date(`${day}T12:00:00Z`));
  return w ? { limit: w.limit, warmupDay: w.day } : { limit: config.EMAIL_DAILY_QUOTA, warmupDay: null };
}
