import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompactStringSet } from './compact-string-set.js';

describe('CompactStringSet', () => {
  it('holds exactly the strings a Set holds, through every growth of its table and buffer', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.string({ unit: 'binary', maxLength: 40 }),
            fc.constantFrom('', 'a', 'A', 'é', 'e\u0301'),
          ),
          { maxLength: 3000 },
        ),
        (keys) => {
          const compact = new CompactStringSet();
          const plain = new Set<string>();
          for (const key of keys) {
            expect(compact.add(key)).toBe(!plain.has(key));
            plain.add(key);
          }
          expect(compact.size).toBe(plain.size);
          for (const key of keys) expect(compact.has(key)).toBe(true);
          for (const key of keys) expect(compact.has(`${key}\u0000`)).toBe(plain.has(`${key}\u0000`));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps 200,000 import keys apart, and a key longer than its scratch space', () => {
    const set = new CompactStringSet();
    for (let i = 0; i < 100_000; i++) {
      expect(set.add(`legacy:${1_500_000_000 + i}`)).toBe(true);
      expect(set.add(`email:imp${i}@bench.example`)).toBe(true);
    }
    expect(set.add('legacy:1500000000')).toBe(false);
    expect(set.has('email:imp99999@bench.example')).toBe(true);
    expect(set.has('email:imp100000@bench.example')).toBe(false);
    const long = 'x'.repeat(5000);
    expect(set.add(long)).toBe(true);
    expect(set.has(long)).toBe(true);
    expect(set.has(long.slice(1))).toBe(false);
    expect(set.size).toBe(200_001);
  });
});
