import type { Db } from '../../db/database.js';
import { sentThisUtcDay, warmupLimit, type WarmupConfig } from './warmup.js';
import { withWarmupSchedule } from './warmup-schedule.js';

export type WarmupNow = { start: string; day: number; limit: number; sentToday: number };

/**
 * The warm-up today (issue 37 §2), for the screens that plan sending (the quota card, the reminder projection,
 * emails per day, the deliverability page): its day, the day's limit and what was sent since the UTC day began;
 * null when EMAIL_WARMUP_START is unset or the schedule has reached the quota. Reads the edited table unless
 * `config` carries one.
 */
export async function warmupNow(db: Db, config: WarmupConfig, now = new Date()): Promise<WarmupNow | null> {
  if (!config.schedule) config = await withWarmupSchedule(db, config);
  const w = warmupLimit(config.EMAIL_WARMUP_START, config.EMAIL_DAILY_QUOTA, now, config.schedule);
  if (!w || !config.EMAIL_WARMUP_START) return null;
  return { start: config.EMAIL_WARMUP_START, ...w, sentToday: await sentThisUtcDay(db, now) };
}

/**
 * The most that may be sent on `day` (YYYY-MM-DD, UTC): the warm-up's limit that day, else the quota. `config`
 * carries the edited table (withWarmupSchedule).
 */
export function dayLimit(config: WarmupConfig, day: string): { limit: number; warmupDay: number | null } {
  const at = new Date(`${day}T12:00:00Z`);
  const w = warmupLimit(config.EMAIL_WARMUP_START, config.EMAIL_DAILY_QUOTA, at, config.schedule);
  return w ? { limit: w.limit, warmupDay: w.day } : { limit: config.EMAIL_DAILY_QUOTA, warmupDay: null };
}
