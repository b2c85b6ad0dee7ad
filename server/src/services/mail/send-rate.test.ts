import { describe, expect, it } from 'vitest';
import { sendRate, throttleDelay } from './send-rate.js';

describe('send rate', () => {
  it('throttled waits grow from the base and stop at an hour', () => {
    expect([0, 1, 2, 3].map((n) => throttleDelay(n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(throttleDelay(20)).toBe(3_600_000);
    expect(throttleDelay(1000)).toBe(3_600_000);
    expect(throttleDelay(2, { baseMs: 10, maxMs: 30 })).toBe(30);
  });

  it('halves on throttling down to a floor, recovers by acceptances up to the ceiling', () => {
    const rate = sendRate(100);
    rate.throttled(0);
    expect(rate.perSecond).toBe(50);
    for (let i = 0; i < 20; i++) rate.throttled(0);
    expect(rate.perSecond).toBeCloseTo(100 / 64);
    for (let i = 0; i < 10; i++) rate.accepted();
    expect(rate.perSecond).toBeCloseTo(100 / 64 + 20);
    for (let i = 0; i < 100; i++) rate.accepted();
    expect(rate.perSecond).toBe(100);
    rate.setCeiling(14);
    expect(rate.perSecond).toBe(14);
    rate.accepted();
    expect(rate.perSecond).toBe(14);
  });

  it('spaces starts by the rate and holds them for a pause', async () => {
    const rate = sendRate(50);
    const t0 = performance.now();
    for (let i = 0; i < 6; i++) await rate.wait();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(95);
    rate.throttled(150);
    const t1 = performance.now();
    await rate.wait();
    expect(performance.now() - t1).toBeGreaterThanOrEqual(140);
  });
});
