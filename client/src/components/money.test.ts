import { describe, expect, it } from 'vitest';
import { money } from './money';

describe('money', () => {
  it('writes cents in their currency', () => {
    expect(money(9500, 'usd')).toBe('$95.00');
    expect(money(28500, 'USD')).toBe('$285.00');
  });

  it('writes an unknown currency code beside the amount instead of throwing', () => {
    expect(money(9500, 'not a code')).toBe('95.00 NOT A CODE');
  });
});
