import { describe, expect, it } from 'vitest';
import { abResults, compareRates } from './index.js';

describe('A/B comparison', () => {
  it('matches a worked example: 10 % of 1,000 against 13 % of 1,000', () => {
    // d = 0.03; se = sqrt(0.13·0.87/1000 + 0.10·0.90/1000) = sqrt(0.0002031) = 0.0142513; 1.96·se = 0.0279319.
    const r = compareRates('pledgeRate', { valid: 1000, count: 100 }, { valid: 1000, count: 130 });
    expect(r.difference).toBeCloseTo(0.03, 10);
    expect(r.ciLow).toBeCloseTo(0.002068, 5);
    expect(r.ciHigh).toBeCloseTo(0.057932, 5);
    expect(r.verdict).toBe('Variation leads');
    expect(r.control.rate).toBe(0.1);
  });

  it('says Control leads, no difference yet, or too few invitees to tell', () => {
    expect(compareRates('paidRate', { valid: 1000, count: 130 }, { valid: 1000, count: 100 }).verdict).toBe(
      'Control leads',
    );
    expect(compareRates('paidRate', { valid: 1000, count: 100 }, { valid: 1000, count: 105 }).verdict).toBe(
      'no difference yet',
    );
    expect(compareRates('paidRate', { valid: 20, count: 5 }, { valid: 20, count: 15 }).verdict).toBe(
      'too few invitees to tell',
    );
    expect(compareRates('paidRate', { valid: 500, count: 2 }, { valid: 500, count: 40 }).verdict).toBe(
      'too few invitees to tell',
    );
    const none = compareRates('pledgeRate', { valid: 0, count: 0 }, { valid: 10, count: 1 });
    expect(none).toMatchObject({ difference: null, ciLow: null, verdict: 'too few invitees to tell' });
  });

  it('compares pledge and paid rates of an invitation', () => {
    const [pledge, paid] = abResults({
      countValidControl: 400,
      countValidVariation: 400,
      countPledgedControl: 40,
      countPledgedVariation: 80,
      countJoinedControl: 20,
      countJoinedVariation: 22,
    });
    expect(pledge).toMatchObject({ metric: 'pledgeRate', verdict: 'Variation leads' });
    expect(paid).toMatchObject({ metric: 'paidRate', verdict: 'no difference yet' });
  });
});
