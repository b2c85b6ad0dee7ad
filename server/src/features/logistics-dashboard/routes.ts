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
import * as repo from './repo.js';

/** The logistics dashboard, stats by institution and emails scheduled per day (spec 02 §7). Days are UTC days. */
export const logisticsStatsRoutes = s.router(contract.logisticsStats, {
  inviteeStats: async ({ request }) => ({ status: 200, body: await repo.inviteeStats(request.server.db) }),

  sesStats: async ({ request }) => {
    const config = mailConfig(request.server.config);
    const provider = mailProvider(config);
    // The provider's own account (SES GetAccount, cached about a minute), else the EMAIL_DAILY_QUOTA setting and our own count.
    if (provider.quota) {
      try {
        const q = await provider.quota(config);
        return { status: 200, body: { max24HourSend: q.max24HourSend, sentLast24Hours: q.sentLast24Hours } };
      } catch (err) {
        request.log.warn({ err }, "the provider's quota could not be read");
        throw new AppError(502, "The email provider's quota could not be read, please try again later");
      }
    }
    return {
      status: 200,
      body: { max24HourSend: config.EMAIL_DAILY_QUOTA, sentLast24Hours: await sentInLast24h(request.server.db) },
    };
  },

  emailScheduled: async ({ query, request }) => {
    const dateFrom = query.dateFrom?.slice(0, 10) ?? utcDay(new Date());
    // The default end stops at the last day a date may have (a dateFrom late in 9999).
    const fallback = addDays(dateFrom, EMAILS_SCHEDULED_DEFAULT_DAYS);
    const dateTo = query.dateTo?.slice(0, 10) ?? (isSaneDate(fallback) ? fallback : `${MAX_YEAR}-12-31`);
    const problem = scheduledRangeProblem(dateFrom, dateTo);
    if (problem) throw badRequest(problem);
    return {
      status: 200,
      body: { dateFrom, dateTo, days: await repo.emailsScheduledPerDay(request.server.db, dateFrom, dateTo) },
    };
  },

  byInstitution: async ({ query, request }) => ({
    status: 200,
    body: await repo.statsByInstitution(request.server.db, query),
  }),
});
