import { sql } from 'kysely';
import { inScope, inScopeInvitation } from '../../services/auth/chapter-scope.js';
import type { z } from 'zod';
import type { WeeklyEmailStats } from '@app/contract';
import type { Db } from '../../db/database.js';

type Query = z.output<typeof import('@app/contract').WeeklyEmailStatsQuery>;

const DEFAULT_WEEKS = 12;
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * Spec 02 weekly email stats: the reminders scheduled in each week (weeks start Monday, UTC) with their
 * sent, delivered, opened and clicked totals from the kept send counts, and the three trend rates.
 * Default range: the last 12 weeks up to today. Weeks without reminders are left out. A chapter-scoped
 * caller's: the reminders of its chapters' invitations.
 */
export async function weeklyStats(db: Db, query: Query): Promise<WeeklyEmailStats> {
  const to = query.dateTo ? sql`${query.dateTo}::date + 1` : sql`current_date + 1`;
  const from = query.dateFrom
    ? sql`${query.dateFrom}::date`
    : sql`date_trunc('week', current_date - ${sql.lit(DEFAULT_WEEKS * 7 - 7)})`;
  const { rows } = await sql<{ week: string; sent: number; delivered: number; opened: number; clicked: number }>`
    select to_char(date_trunc('week', e.send_scheduled_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      coalesce(sum(c.n) filter (where c.event = 'sent'), 0)::int as sent,
      coalesce(sum(c.n) filter (where c.event = 'delivered'), 0)::int as delivered,
      coalesce(sum(c.n) filter (where c.event = 'opened'), 0)::int as opened,
      coalesce(sum(c.n) filter (where c.event = 'clicked'), 0)::int as clicked
    from invitation_emails e
    left join email_send_counts c on c.source = 'invitation_email' and c.source_id = e.id::text
    where e.send_scheduled_at >= ${from} and e.send_scheduled_at < ${to}
      and ${inScope(inScopeInvitation('e.invitationId'))}
    group by 1 order by 1`.execute(db);
  return {
    weeks: rows.map((r) => ({
      week: r.week,
      totalSent: r.sent,
      totalDelivered: r.delivered,
      totalOpened: r.opened,
      totalClicked: r.clicked,
      deliveredRate: rate(r.delivered, r.sent),
      openedRate: rate(r.opened, r.delivered),
      clickThruRate: rate(r.clicked, r.delivered),
    })),
  };
}
