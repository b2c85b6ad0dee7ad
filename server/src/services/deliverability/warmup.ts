import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * Warm-up of a new sending domain or IP (issue 37 §2): from EMAIL_WARMUP_START (day 1), the day's volume
 * follows a schedule: 500 on day 1, doubling every day, up to the provider quota, or the table staff edited on
 * the deliverability page (warmup-schedule.ts). Sends beyond the day's limit wait for the next day (UTC), in
 * queue order: none is dropped.
 */

/** The default schedule for `quota`: the day's limit on day 1, 2, ... (500, doubling), each below the quota; past its end the quota applies. */
export function defaultWarmupSchedule(quota: number): number[] {
  const limits: number[] = [];
  for (let limit = 500; limit < quota; limit *= 2) limits.push(limit);
  return limits;
}

/**
 * The settings the warm-up reads (server/src/config.ts), and the table edited on the deliverability page when
 * there is one (`schedule`, read by withWarmupSchedule; unset: the default).
 */
export type WarmupConfig = {
  EMAIL_WARMUP_START?: string | undefined;
  EMAIL_DAILY_QUOTA: number;
  schedule?: readonly number[] | undefined;
};

const DAY_MS = 86_400_000;

/**
 * The warm-up day (1 on the start date, UTC) and the day's limit, or null when warm-up is off or over (past the
 * table's last day, or a day whose limit is the quota or more). `schedule`: the edited table, else the default.
 */
export function warmupLimit(
  start: string | undefined,
  quota: number,
  now: Date = new Date(),
  schedule: readonly number[] = defaultWarmupSchedule(quota),
): { day: number; limit: number } | null {
  if (!start) return null;
  const day = Math.floor((startOfUtcDay(now).getTime() - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
  if (day < 1) return { day: 0, limit: 0 };
  const limit = schedule[day - 1];
  if (limit === undefined || limit >= quota) return null;
  return { day, limit };
}

export const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** Sends sent since the start of the day (UTC): what the warm-up limit counts. */
export async function sentThisUtcDay(db: Db, now: Date = new Date()): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from email_sends where status = 'sent' and send_at >= ${startOfUtcDay(now)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
