import { describe, expect, it } from 'vitest';
import { AMOUNT_REQUIRED, PAID_AT_IN_FUTURE, RecordPaymentInput } from './payments.js';

const body = { amountCents: 9500, method: 'check', externalId: 'staff-1' };
const messages = (input: object) => {
  const parsed = RecordPaymentInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('Record Payment input', () => {
  it('says a left-out or cleared (null) amount is required, and anything else not a number', () => {
    expect(messages({ ...body, amountCents: undefined })).toEqual([`amountCents: ${AMOUNT_REQUIRED}`]);
    expect(messages({ ...body, amountCents: null })).toEqual([`amountCents: ${AMOUNT_REQUIRED}`]);
    expect(messages({ ...body, amountCents: '95' })).toEqual(['amountCents: Amount must be a number']);
    expect(messages({ ...body, amountCents: 0 })).toEqual(['amountCents: Amount must be more than 0']);
  });

  it('takes a paid day in the past, refuses one in the future, and says a bad one once', () => {
    expect(messages({ ...body, paidAt: '2026-01-15T12:00:00.000Z' })).toEqual([]);
    expect(messages({ ...body, paidAt: new Date().toISOString() })).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(messages({ ...body, paidAt: tomorrow })).toEqual([`paidAt: ${PAID_AT_IN_FUTURE}`]);
    expect(messages({ ...body, paidAt: 'last week' })).toEqual(['paidAt: Paid at must be an ISO date and time']);
  });
});
