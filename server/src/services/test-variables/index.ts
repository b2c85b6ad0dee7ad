import type { AbMetric, AbVerdict } from '@app/contract';

/** z for a two-sided 95 % interval. */
const Z95 = 1.959964;
/** Below these a normal approximation of a proportion is not trusted (the usual n ≥ 30, np ≥ 5, n(1-p) ≥ 5). */
const MIN_VALID = 30;
const MIN_OUTCOMES = 5;

type Segment = { valid: number; count: number };

const rateOf = (s: Segment) => (s.valid > 0 ? s.count / s.valid : null);
const enough = (s: Segment) => s.valid >= MIN_VALID && s.count >= MIN_OUTCOMES && s.valid - s.count >= MIN_OUTCOMES;

/**
 * Variation against Control on one rate: the difference of the two proportions with its 95 % confidence
 * interval (Wald: d ± 1.96 · sqrt(pV(1-pV)/nV + pC(1-pC)/nC)) and a plain verdict (see AbMetric in the contract).
 * @example compareRates('pledgeRate', { valid: 1000, count: 100 }, { valid: 1000, count: 130 })
 * // difference 0.03, interval [0.0021, 0.0579]: 'Variation leads'
 */
export function compareRates(metric: AbMetric['metric'], control: Segment, variation: Segment): AbMetric {
  const pC = rateOf(control);
  const pV = rateOf(variation);
  const base = { metric, control: { ...control, rate: pC }, variation: { ...variation, rate: pV } };
  if (pC === null || pV === null)
    return { ...base, difference: null, ciLow: null, ciHigh: null, verdict: 'too few invitees to tell' };
  const difference = pV - pC;
  const half = Z95 * Math.sqrt((pV * (1 - pV)) / variation.valid + (pC * (1 - pC)) / control.valid);
  const [ciLow, ciHigh] = [difference - half, difference + half];
  let verdict: AbVerdict;
  if (!enough(control) || !enough(variation)) verdict = 'too few invitees to tell';
  else if (ciLow > 0) verdict = 'Variation leads';
  else if (ciHigh < 0) verdict = 'Control leads';
  else verdict = 'no difference yet';
  return { ...base, difference, ciLow, ciHigh, verdict };
}

/** Both rates of an invitation with a variable, from its per-segment counts. */
export function abResults(c: {
  countValidControl: number;
  countValidVariation: number;
  countPledgedControl: number;
  countPledgedVariation: number;
  countJoinedControl: number;
  countJoinedVariation: number;
}): AbMetric[] {
  return [
    compareRates(
      'pledgeRate',
      { valid: c.countValidControl, count: c.countPledgedControl },
      { valid: c.countValidVariation, count: c.countPledgedVariation },
    ),
    compareRates(
      'paidRate',
      { valid: c.countValidControl, count: c.countJoinedControl },
      { valid: c.countValidVariation, count: c.countJoinedVariation },
    ),
  ];
}
