import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, codePrefix, invitationCode, invitationCodes, splitAB } from './codes.js';

describe('invitation codes', () => {
  it("start with the institution's abbreviation, then a random part from an unambiguous alphabet", () => {
    const code = invitationCode('ABC');
    expect(code).toMatch(/^ABC-[23456789A-HJ-NP-Z]{6}$/);
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(invitationCode('abc', 10)).toMatch(/^ABC-[23456789A-HJ-NP-Z]{10}$/);
  });

  it('prefix: upper-case letters and digits only', () => {
    expect(codePrefix('u.c. berkeley 2')).toBe('UCBERKELEY2');
    expect(codePrefix('—')).toBe('INV');
  });

  it('draws distinct codes, none of those taken', () => {
    const taken = new Set(invitationCodes('X', 500, new Set(), 2));
    const fresh = invitationCodes('X', 400, taken, 2);
    expect(new Set(fresh).size).toBe(400);
    expect(fresh.some((c) => taken.has(c))).toBe(false);
  });
});

describe('A/B split', () => {
  it('is balanced: half each, Control has the odd one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (n) => {
        const groups = splitAB(n);
        expect(groups).toHaveLength(n);
        const control = groups.filter((g) => g === 'Control').length;
        expect(control).toBe(Math.ceil(n / 2));
        expect(n - control).toBe(Math.floor(n / 2));
      }),
      { numRuns: 50 },
    );
  });

  it('is random (from the given source) and reproducible from it', () => {
    const seeded = (seed: number) => {
      let s = seed;
      return (n: number) => {
        s = (s * 1103515245 + 12345) % 2 ** 31;
        return s % n;
      };
    };
    expect(splitAB(50, seeded(7))).toEqual(splitAB(50, seeded(7)));
    expect(splitAB(50, seeded(7))).not.toEqual(splitAB(50, seeded(8)));
    const orders = new Set(Array.from({ length: 20 }, () => splitAB(40).join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});
