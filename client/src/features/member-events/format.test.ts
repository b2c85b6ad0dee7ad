import { describe, expect, it } from 'vitest';
import { dateTile, formatEventRange } from './format';

// Intl separates with narrow and thin spaces; plain spaces make the expectations readable.
const plain = (s: string) => s.replace(/[\u202f\u2009]/g, ' ');

describe('formatEventRange', () => {
  it('says the shared date once when the event ends the same day', () => {
    expect(plain(formatEventRange('2026-03-03T15:00:00Z', '2026-03-03T16:30:00Z', 'en-US', 'UTC'))).toBe(
      'Tue, Mar 3, 2026, 3:00 – 4:30 PM',
    );
  });

  it('gives both dates when the event ends another day', () => {
    expect(plain(formatEventRange('2026-03-03T15:00:00Z', '2026-03-04T10:00:00Z', 'en-US', 'UTC'))).toBe(
      'Tue, Mar 3, 2026, 3:00 PM – Wed, Mar 4, 2026, 10:00 AM',
    );
  });

  it('gives the start alone when there is no end, in the given locale', () => {
    expect(plain(formatEventRange('2026-03-03T15:00:00Z', null, 'en-US', 'UTC'))).toBe('Tue, Mar 3, 2026, 3:00 PM');
    expect(formatEventRange('2026-03-03T15:00:00Z', null, 'de-DE', 'UTC')).toBe('Di., 3. März 2026, 15:00');
  });
});

describe('dateTile', () => {
  it('is the short month and the day number', () => {
    expect(dateTile('2026-03-03T15:00:00Z', 'en-US', 'UTC')).toEqual({ month: 'Mar', day: '3' });
  });
});
