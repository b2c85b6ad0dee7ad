import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { newEventValues, roundToStep, withStart } from './form-values';

describe('event form values', () => {
  it('starts a new event 7 days ahead, on a 5-minute step, lasting one hour', () => {
    const values = newEventValues(new Date('2026-05-01T09:31:20'));
    expect(values).toMatchObject({
      type: 'General',
      eventStart: '2026-05-08 09:35:00',
      eventEnd: '2026-05-08 10:35:00',
    });
  });

  it('keeps a time already on the step', () => {
    expect(roundToStep(dayjs('2026-05-01T09:30:00')).format('HH:mm')).toBe('09:30');
    expect(roundToStep(dayjs('2026-05-01T09:30:01')).format('HH:mm')).toBe('09:35');
    expect(roundToStep(dayjs('2026-05-01T23:58:00')).format('YYYY-MM-DD HH:mm')).toBe('2026-05-02 00:00');
  });

  it('sets the end one hour after a new start only while the end is empty', () => {
    const empty = { ...newEventValues(), eventEnd: null };
    expect(withStart(empty, '2026-06-01 18:00:00').eventEnd).toBe('2026-06-01 19:00:00');
    const withEnd = { ...newEventValues(), eventEnd: '2026-06-01 21:00:00' };
    expect(withStart(withEnd, '2026-06-01 18:00:00').eventEnd).toBe('2026-06-01 21:00:00');
  });
});
