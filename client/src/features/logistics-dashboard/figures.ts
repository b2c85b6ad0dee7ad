import { REVENUE_PER_JOIN, shareOf, type InviteeStats, type SesStats } from '@app/contract';
import { count, percent } from '../../components/format';

/** One labelled value of a card, already formatted ('n/a' for a rate over 0). */
export type Figure = { label: string; value: string };

const dollars = (n: number) => `$${count(n)}`;

/** Response Rate (spec 02 §2): join and pledge rates over valid invitees, revenue = paid x 95 dollars. */
export function responseFigures(s: InviteeStats): Figure[] {
  return [
    { label: 'Join rate', value: percent(shareOf(s.emailpaids, s.countvalid)) },
    { label: 'Pledge rate', value: percent(shareOf(s.emailpledges, s.countvalid)) },
    { label: 'Revenue', value: dollars(s.emailpaids * REVENUE_PER_JOIN) },
  ];
}

/** Database: valid invitees, the share invited for the first time, and those cleaning removed. */
export function databaseFigures(s: InviteeStats): Figure[] {
  return [
    { label: 'Invitees', value: count(s.countvalid) },
    { label: 'Freshness rate', value: percent(shareOf(s.countfresh, s.countvalid)) },
    { label: 'Removed', value: count(s.countremoved) },
  ];
}

/** Invitee Emails: counts, then delivery over sent and open, click-through and unsubscribe over delivered. */
export function emailFigures(s: InviteeStats): Figure[] {
  return [
    { label: 'Sent', value: count(s.emailsent) },
    { label: 'Delivered', value: count(s.emaildelivered) },
    { label: 'Delivery rate', value: percent(shareOf(s.emaildelivered, s.emailsent)) },
    { label: 'Opens', value: count(s.emailopened) },
    { label: 'Clicks', value: count(s.emailclicked) },
    { label: 'Unsubscribed', value: count(s.emailunsub) },
    { label: 'Open rate', value: percent(shareOf(s.emailopened, s.emaildelivered)) },
    { label: 'Click-through rate', value: percent(shareOf(s.emailclicked, s.emaildelivered)) },
    { label: 'Unsubscribe rate', value: percent(shareOf(s.emailunsub, s.emaildelivered)) },
  ];
}

/**
 * The sending quota: the daily quota, what the last 24 hours used, and what is left (never below 0). While warming
 * up (EMAIL_WARMUP_START, issue 37 §2) today's warm-up limit, what was sent today and what is left of it.
 */
export function quotaFigures(s: SesStats): Figure[] {
  if (s.warmup)
    return [
      { label: `Warm-up limit today (day ${count(s.warmup.day)})`, value: count(s.warmup.limit) },
      { label: 'Sent today', value: count(s.warmup.sentToday) },
      { label: 'Remaining today', value: count(Math.max(0, s.warmup.limit - s.warmup.sentToday)) },
    ];
  return [
    { label: 'Daily quota', value: count(s.max24HourSend) },
    { label: 'Sent in 24h', value: count(s.sentLast24Hours) },
    { label: 'Remaining', value: count(Math.max(0, s.max24HourSend - s.sentLast24Hours)) },
  ];
}
