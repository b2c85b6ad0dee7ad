import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './format';

describe('formatDateTime', () => {
  it('shows an instant in UTC to the minute, or to the second when asked, and nothing for none', () => {
    expect(formatDateTime('2024-03-05T14:07:09.500Z')).toBe('Mar 5, 2024, 14:07 UTC');
    expect(formatDateTime('2024-03-05T14:07:09.500Z', { seconds: true })).toBe('Mar 5, 2024, 14:07:09 UTC');
    // Late in the UTC day stays on that day whatever the browser's zone.
    expect(formatDateTime('2024-12-31T23:59:00Z')).toBe('Dec 31, 2024, 23:59 UTC');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('the hand-written formats', () => {
  const parts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
  const intlDay = new Intl.DateTimeFormat('en-US', parts);
  const intlTime = new Intl.DateTimeFormat('en-US', { ...parts, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const intlSeconds = new Intl.DateTimeFormat('en-US', {
    ...parts,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

  it("say what Intl's en-US UTC formats say, midnight and every month included", () => {
    const instants = ['2024-01-01T00:00:00Z', '2024-02-29T00:00:59Z', '1999-12-31T23:59:59Z', '2026-03-05'];
    for (let i = 0; i < 2000; i++) instants.push(new Date(Date.UTC(1990, 0, 1) + i * 17_280_000 * 61).toISOString());
    for (const iso of instants) {
      const d = new Date(iso);
      expect(formatDay(iso)).toBe(intlDay.format(d));
      expect(formatDateTime(iso)).toBe(`${intlTime.format(d)} UTC`);
      expect(formatDateTime(iso, { seconds: true })).toBe(`${intlSeconds.format(d)} UTC`);
    }
  });

  it('refuse an unreadable time as Intl does, and show nothing for none', () => {
    expect(() => formatDay('not a date')).toThrow(RangeError);
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
    expect(formatDay(undefined)).toBe('');
  });
});
