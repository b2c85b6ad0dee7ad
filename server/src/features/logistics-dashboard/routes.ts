import {
  contract,
  EMAILS_SCHEDULED_DEFAULT_DAYS,
  MAX_YEAR,
  addDays,
  isSaneDate,
  scheduledRangeProblem,
  utcDay,
} from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, badRequest } from '../../errors.js';
import { mailProvider } from '../../services/mail/providers/index.js';
import { mailConfig } from '../../services/mail/mail-config.js';
import { sentInLast24h } from '../../services/mail/send-queue.js';
import { dayLimit, warmupNow } from '../../services/deliverability/warmup-now.js';
import { withWarmupSchedule } from '../../services/deliverability/warmup-schedule.js';
import * as repo from './repo.js';

/** The logistics dashboard, stats by institution and emails scheduled per day (spec 02 §7). Days are UTC days. */
export const logisticsStatsRoutes = s.router(contract.logisticsStats, {
  inviteeStats: async ({ request }) => ({ status: 200, body: await repo.inviteeStats(request.server.db) }),

  sesStats: async ({ request }) => {
    const config = mailConfig(request.server.config);
    const provider = mailProvider(config);
    // Issue 37 §2: while warming up, today's limit is what may be sent (the card says so).
    const warmup = await warmupNow(request.server.db, config);
    // The provider's own account (SES GetAccount, cached about a minute), else the EMAIL_DAILY_QUOTA setting and our own count.
    if (provider.quota) {
      try {
        const q = await provider.quota(config);
        return { status: 200, body: { max24HourSend: q.max24HourSend, sentLast24Hours: q.sentLast24Hours, warmup } };
      } catch (err) {
        request.log.warn({ err }, "the provider's quota could not be read");
        throw new AppError(502, "The email provider's quota could not be read, please try again later");
      }
    }
    return {
      status: 200,
      body: {
        max24HourSend: config.EMAIL_DAILY_QUOTA,
        sentLast24Hours: await sentInLast24h(request.server.db),
        warmup: warmup && { day: warmup.day, limit: warmup.limit, sentToday: warmup.sentToday },
      },
    };
  },

  emailScheduled: async ({ query, request }) => {
    const dateFrom = query.dateFrom?.slice(0, 10) ?? utcDay(new Date());
    // The default end stops at the last day a date may have (a dateFrom late in 9999).
    const fallback = addDays(dateFrom, EMAILS_SCHEDULED_DEFAULT_DAYS);
    const dateTo = query.dateTo?.slice(0, 10) ?? (isSaneDate(fallback) ? fallback : `${MAX_YEAR}-12-31`);
    const problem = scheduledRangeProblem(dateFrom, dateTo);
    if (problem) throw badRequest(problem);
    const warmup = await withWarmupSchedule(request.server.db, mailConfig(request.server.config));
    return {
      status: 200,
      body: {
        dateFrom,
        dateTo,
        // A day of the warm-up is over its limit past that day's limit (issue 37 §2).
        days: (await repo.emailsScheduledPerDay(request.server.db, dateFrom, dateTo)).map((d) => {
          const { limit, warmupDay } = dayLimit(warmup, d.date);
          if (warmupDay === null) return { ...d, warmupLimit: null };
          return { ...d, warmupLimit: limit, level: d.count > limit ? ('danger' as const) : d.level };
        }),
      },
    };
  },

  byInstitution: async ({ query, request }) => ({
    status: 200,
    body: await repo.statsByInstitution(request.server.db, query),
  }),
});
