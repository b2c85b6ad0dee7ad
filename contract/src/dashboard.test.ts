import { describe, expect, it } from 'vitest';
import {
  addDays,
  changeDirection,
  dayWindows,
  formatCount,
  formatPercent,
  percentChange,
  sameDayYearsBefore,
  seasonOf,
  seasonToDateWindows,
  utcDay,
} from './dashboard.js';

describe('seasons (UTC)', () => {
  it.each([
    ['2027-01-03T10:00:00Z', 'Spring', 2027],
    ['2026-06-30T23:59:59Z', 'Spring', 2026],
    ['2026-07-01T00:00:00Z', 'Fall', 2026],
    ['2026-12-31T23:59:59Z', 'Fall', 2026],
  ])('%s is %s %i', (at, season, year) => {
    expect(seasonOf(new Date(at))).toEqual({ season, year });
  });

  it('judges the day in UTC, not in the local time zone', () => {
    // 30 June 22:00 in New York is already 1 July in UTC.
    expect(seasonOf(new Date('2026-06-30T22:00:00-04:00'))).toEqual({ season: 'Fall', year: 2026 });
    expect(utcDay(new Date('2026-06-30T22:00:00-04:00'))).toBe('2026-07-01');
  });

  it('compares Spring 2027 with Spring 2026 just after New Year', () => {
    const [current, previous, ...earlier] = seasonToDateWindows(new Date('2027-01-03T10:00:00Z'));
    expect(current).toEqual({ season: 'Spring', year: 2027, from: '2027-01-01', to: '2027-01-03' });
    expect(previous).toEqual({ season: 'Spring', year: 2026, from: '2026-01-01', to: '2026-01-03' });
    expect(earlier).toHaveLength(8);
    expect(earlier.at(-1)).toEqual({ season: 'Spring', year: 2018, from: '2018-01-01', to: '2018-01-03' });
  });

  it('compares Fall 2026 with Fall 2025 on the first day of Fall', () => {
    const [current, previous] = seasonToDateWindows(new Date('2026-07-01T00:00:00Z'));
    expect(current).toEqual({ season: 'Fall', year: 2026, from: '2026-07-01', to: '2026-07-01' });
    expect(previous).toEqual({ season: 'Fall', year: 2025, from: '2025-07-01', to: '2025-07-01' });
  });

  it('counts a leap day against 28 February of a common year', () => {
    const [, previous, , , leap] = seasonToDateWindows(new Date('2028-02-29T12:00:00Z'));
    expect(previous).toEqual({ season: 'Spring', year: 2027, from: '2027-01-01', to: '2027-02-28' });
    expect(leap).toEqual({ season: 'Spring', year: 2024, from: '2024-01-01', to: '2024-02-29' });
    expect(sameDayYearsBefore('2026-12-31', 1)).toBe('2025-12-31');
  });
});

describe('day windows', () => {
  it('makes 10 back-to-back windows ending today, across the year boundary', () => {
    const windows = dayWindows(new Date('2027-01-03T10:00:00Z'), 7);
    expect(windows).toHaveLength(10);
    expect(windows[0]).toEqual({ period_ago: '0', from: '2026-12-28', to: '2027-01-03' });
    expect(windows[1]).toEqual({ period_ago: '1', from: '2026-12-21', to: '2026-12-27' });
    expect(windows[9]).toEqual({ period_ago: '9', from: addDays('2027-01-03', -69), to: addDays('2027-01-03', -63) });
    for (let k = 1; k < windows.length; k++) expect(addDays(windows[k]!.to, 1)).toBe(windows[k - 1]!.from);
  });

  it('spans 30 days per window', () => {
    const [current, previous] = dayWindows(new Date('2026-03-01T00:00:00Z'), 30);
    expect(current).toEqual({ period_ago: '0', from: '2026-01-31', to: '2026-03-01' });
    expect(previous).toEqual({ period_ago: '1', from: '2026-01-01', to: '2026-01-30' });
  });
});

describe('percent change', () => {
  it.each([
    [45, 40, 12.5],
    [40, 10, 300],
    [10, 40, -75],
    [5, 0, 100],
    [0, 0, 100],
    [0, 8, -100],
  ])('%i against %i is %d%', (current, previous, change) => {
    expect(percentChange(current, previous)).toBe(change);
  });

  it('has a direction as shown', () => {
    expect(changeDirection(12.5)).toBe('up');
    expect(changeDirection(-0.2)).toBe('down');
    expect(changeDirection(0)).toBe('flat');
    expect(changeDirection(0.04)).toBe('flat');
    expect(changeDirection(-0.04)).toBe('flat');
  });
});

describe('formats', () => {
  it('shows percents with 0 or 1 decimals', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(300)).toBe('300%');
    expect(formatPercent(100 / 3)).toBe('33.3%');
    expect(formatPercent(-75)).toBe('-75%');
    expect(formatPercent(12.04)).toBe('12%');
    expect(formatPercent(-0.01)).toBe('0%');
    expect(formatPercent(1250)).toBe('1,250%');
  });

  it('shows counts without decimals, with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(1234567.6)).toBe('1,234,568');
  });
});
