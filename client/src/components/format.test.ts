import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows an instant in UTC to the minute, or to the second when asked, and nothing for none', () => {
    expect(formatDateTime('2024-03-05T14:07:09.500Z')).toBe('Mar 5, 2024, 14:07 UTC');
    expect(formatDateTime('2024-03-05T14:07:09.500Z', { seconds: true })).toBe('Mar 5, 2024, 14:07:09 UTC');
    // Late in the UTC day stays on that day whatever the browser's zone.
    expect(formatDateTime('2024-12-31T23:59:00Z')).toBe('Dec 31, 2024, 23:59 UTC');
    expect(formatDateTime(null)).toBe('');
  });
});
