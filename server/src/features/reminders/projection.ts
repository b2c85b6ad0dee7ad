import { sql } from 'kysely';
import type { z } from 'zod';
import type { ReminderProjection } from '@app/contract';
import type { Db } from '../../db/database.js';
import { audienceSize, audienceSizeSql } from '../../services/audience/index.js';

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
  mail: { quota: number; ratePerSecond: number },
): Promise<ReminderProjection> {
  const at = new Date(q.sendScheduledAt);
  const day = at.toISOString().slice(0, 10);
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
  const waitDays = Math.max(0, Math.ceil(total / mail.quota) - 1);
  const lastOfDay = total - waitDays * mail.quota;
  const finish = at.getTime() + waitDays * DAY_MS + (lastOfDay / mail.ratePerSecond) * 1000;
  return {
    recipients,
    day,
    dayScheduled,
    dailyQuota: mail.quota,
    overQuota: total > mail.quota,
    projectedFinishAt: new Date(finish).toISOString(),
  };
}
