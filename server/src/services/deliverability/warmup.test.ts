import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { setServiceConfig } from '../secrets.js';
import { deliverQueuedEmails } from '../mail/deliver.js';
import { mailConfig } from '../mail/mail-config.js';
import { queueEmails } from '../mail/send.js';
import { makeTemplateVersion, recordingJobs } from '../../test/mail-fixtures.js';
import { defaultWarmupSchedule, startOfUtcDay, warmupLimit } from './warmup.js';
import { resetWarmupSchedule, saveWarmupSchedule } from './warmup-schedule.js';

const day = (d: Date, offset: number) =>
  new Date(startOfUtcDay(d).getTime() + offset * 86_400_000).toISOString().slice(0, 10);

describe('the warm-up schedule (EMAIL_WARMUP_START)', () => {
  it('is 500 on day 1, doubling every day up to the quota; off without a start date', () => {
    const now = new Date('2026-11-29T15:00:00Z');
    expect(warmupLimit('2026-11-29', 100_000, now)).toEqual({ day: 1, limit: 500 });
    expect(warmupLimit('2026-11-28', 100_000, now)).toEqual({ day: 2, limit: 1000 });
    expect(warmupLimit('2026-11-23', 100_000, now)).toEqual({ day: 7, limit: 32_000 });
    expect(warmupLimit('2026-11-21', 100_000, now)).toBeNull(); // day 9: 128,000 is past the quota
    expect(warmupLimit('2026-11-30', 100_000, now)).toEqual({ day: 0, limit: 0 });
    expect(warmupLimit(undefined, 100_000, now)).toBeNull();
    expect(warmupLimit('2026-11-29', 100_000, now, [100, 300])).toEqual({ day: 1, limit: 100 });
    expect(warmupLimit('2026-11-27', 100_000, now, [100, 300])).toBeNull(); // past the table's end: the quota
  });

  it('defaults to the computed table: 500 doubling, each day below the quota', () => {
    expect(defaultWarmupSchedule(100_000)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000]);
    expect(defaultWarmupSchedule(1000)).toEqual([500]);
    expect(defaultWarmupSchedule(500)).toEqual([]);
  });
});

describe('delivery during warm-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://admin.society.example', EMAIL_RATE_PER_SECOND: '100000' });
    setServiceConfig(t.config);
  });
  afterAll(async () => {
    setServiceConfig(undefined);
    await t?.close();
  });

  it("stops at the day's limit; across a simulated day change the rest goes in queue order, none dropped", async () => {
    const versionId = await makeTemplateVersion(t.db);
    const emails = Array.from({ length: 520 }, (_, i) => ({
      recipientKey: `w${i}`,
      to: `w${i}@warm.example`,
      emailType: 'Invitation' as const,
      values: { firstName: 'A', lastName: 'B' },
    }));
    const { sendIds } = await queueEmails(t.db, recordingJobs(), {
      source: 'invitation_email',
      sourceId: 'warm-1',
      templateVersionId: versionId,
      emails,
    });
    const config = { ...mailConfig(t.config), EMAIL_WARMUP_START: day(new Date(), 0) };
    const first = await deliverQueuedEmails(t.db, config, { maxIdleMs: 0 });
    expect(first).toMatchObject({ sent: 500, quotaReached: true });
    const sent = await t.db
      .selectFrom('emailSends')
      .select(['id', 'status'])
      .where('id', 'in', sendIds)
      .orderBy('id')
      .execute();
    expect(sent.slice(0, 500).every((s) => s.status === 'sent')).toBe(true);
    expect(sent.slice(500).every((s) => s.status === 'queued')).toBe(true);
    // The same day again: nothing more.
    expect(await deliverQueuedEmails(t.db, config, { maxIdleMs: 0 })).toMatchObject({ sent: 0, quotaReached: true });
    // The next day (the sends so far a day older, the start a day earlier): day 2, limit 1,000.
    await sql`update email_sends set send_at = send_at - interval '1 day' where id = any(${sendIds})`.execute(t.db);
    const next = await deliverQueuedEmails(
      t.db,
      { ...config, EMAIL_WARMUP_START: day(new Date(), -1) },
      { maxIdleMs: 0 },
    );
    expect(next).toMatchObject({ sent: 20, quotaReached: false });
  });

  it('follows the table edited on the page (a day lower than the day before too), and the default again after a reset', async () => {
    const versionId = await makeTemplateVersion(t.db);
    const { sendIds } = await queueEmails(t.db, recordingJobs(), {
      source: 'invitation_email',
      sourceId: 'warm-2',
      templateVersionId: versionId,
      emails: Array.from({ length: 100 }, (_, i) => ({
        recipientKey: `e${i}`,
        to: `e${i}@edited.example`,
        emailType: 'Invitation' as const,
        values: { firstName: 'A', lastName: 'B' },
      })),
    });
    // Earlier sends a week older: only today's count against today's limit.
    await sql`update email_sends set send_at = send_at - interval '7 days' where status = 'sent'`.execute(t.db);
    await saveWarmupSchedule(t.db, [40, 30], null);
    const config = { ...mailConfig(t.config), EMAIL_WARMUP_START: day(new Date(), 0) };
    expect(await deliverQueuedEmails(t.db, config, { maxIdleMs: 0 })).toMatchObject({ sent: 40, quotaReached: true });
    // Day 2: 30.
    await sql`update email_sends set send_at = send_at - interval '1 day' where id = any(${sendIds})`.execute(t.db);
    const day2 = { ...config, EMAIL_WARMUP_START: day(new Date(), -1) };
    expect(await deliverQueuedEmails(t.db, day2, { maxIdleMs: 0 })).toMatchObject({ sent: 30, quotaReached: true });
    // Reset: day 2 of the default is 1,000, the rest goes.
    await resetWarmupSchedule(t.db);
    expect(await deliverQueuedEmails(t.db, day2, { maxIdleMs: 0 })).toMatchObject({ sent: 30, quotaReached: false });
  });
});
