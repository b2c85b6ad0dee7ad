import { z } from 'zod';
import { requiredDate } from './dates.js';

/**
 * Who a reminder or a postal mailing reaches within its invitation (spec 02 §3 Enumerations): an
 * invite-count bucket (how many invitations have reached the address, this one included) and a test
 * segment of the A/B split. Both default to 'All'.
 */
export const INVITE_COUNT_BUCKETS = ['All', '1st time', '2nd time', '3rd time', '4th or more times'] as const;
export type InviteCountBucket = (typeof INVITE_COUNT_BUCKETS)[number];
export const TEST_SEGMENTS = ['All', 'Control', 'Variation'] as const;
export type TestSegment = (typeof TEST_SEGMENTS)[number];

/** Spec 02 §9: reminders and postal mailings default to this many days ahead. */
export const DEFAULT_SCHEDULE_DAYS_AHEAD = 7;
export const PAST_HOUR_MESSAGE = 'Past hours cannot be chosen';

export const inviteCountBucket = z
  .enum(INVITE_COUNT_BUCKETS, {
    errorMap: () => ({ message: `Invite Count must be one of ${INVITE_COUNT_BUCKETS.join(', ')}` }),
  })
  .default('All');
export const testSegment = z
  .enum(TEST_SEGMENTS, { errorMap: () => ({ message: `Test must be one of ${TEST_SEGMENTS.join(', ')}` }) })
  .default('All');

/**
 * A scheduled hour (spec 02 §5: "a date with hour-only precision, past dates blocked unless today"): an
 * ISO instant (the browser sends the start of a local hour; seconds are dropped). An hour that has not
 * ended yet is allowed (the current one starts within a minute); an hour already over is refused.
 * Output: the ISO text of the instant.
 */
export const scheduledHour = (label: string) =>
  requiredDate(label, (v, ctx) => {
    const at = new Date(v);
    at.setUTCSeconds(0, 0);
    if (at.getTime() + 3_600_000 <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: PAST_HOUR_MESSAGE });
      return z.NEVER;
    }
    return at.toISOString();
  });

/** The outcome of a scheduled run (a reminder's send, a mailing's upload). */
export const RUN_STATUSES = ['In Progress', 'Success', 'Failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
