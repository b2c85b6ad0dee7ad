import { sql } from 'kysely';
import type { z } from 'zod';
import { addDays, type ReminderProjection } from '@app/contract';
import type { Db } from '../../db/database.js';
import { audienceSize, audienceSizeSql } from '../../services/audience/index.js';
import { dayLimit } from '../../services/deliverability/warmup-now.js';
import type { WarmupConfig } from '../../services/deliverability/warmup.js';
import { withWarmupSchedule } from '../../services/deliverability/warmup-schedule.js';

type Query = z.output<typeof import('@app/contract').ReminderProjectionQuery>;
const DAY_MS = 86_400_000;

/**
 * Projects a reminder's sending before it is saved (beyond spec 02: staff see a day that would break the
 * quota before it comes). Recipients from the kept audience counts; the day's other not-started reminders
 * (UTC day, as emails scheduled per day counts them); the finish estimated at the sending rate after the
 * day's others, and a further day for each quota's worth the day holds beyond the first.
 */
export async function projectReminder(
  db: Db,
  invitationId: number,
  q: Query,
  mail: { quota: number; ratePerSecond: number; warmupStart?: string | undefined },
): Promise<ReminderProjection> {
  const at = new Date(q.sendScheduledAt);
  const day = at.toISOString().slice(0, 10);
  // While warming up (issue 37 §2) the day's limit is the warm-up's, and later days' limits grow with it.
  const warmup: WarmupConfig = await withWarmupSchedule(db, {
    EMAIL_WARMUP_START: mail.warmupStart,
    EMAIL_DAILY_QUOTA: mail.quota,
  });
  const { limit, warmupDay } = dayLimit(warmup, day);
  const recipients = await audienceSize(db, invitationId, q);
  const row = await db
    .selectFrom('invitationEmails as e')
    .select(sql<number>`coalesce(sum(${audienceSizeSql('e')}), 0)::int`.as('n'))
    .where('e.sendStartedAt', 'is', null)
    .where(sql<boolean>`(e.send_scheduled_at at time zone 'UTC')::date = ${day}::date`)
    .$if(q.excludeId !== undefined, (qb) => qb.where('e.id', '<>', q.excludeId!))
    .executeTakeFirstOrThrow();
  const dayScheduled = row.n;
  const total = dayScheduled + recipients;
  let waitDays = 0;
  let left = total;
  for (let cap = limit; left > cap; cap = dayLimit(warmup, addDays(day, waitDays)).limit) {
    left -= cap;
    waitDays++;
  }
  const lastOfDay = left;
  const finish = at.getTime() + waitDays * DAY_MS + (lastOfDay / mail.ratePerSecond) * 1000;
  return {
    recipients,
    day,
    dayScheduled,
    dailyQuota: limit,
    warmupDay,
    overQuota: total > limit,
    projectedFinishAt: new Date(finish).toISOString(),
  };
}
