import { describe, expect, it } from 'vitest';
import { InstitutionInput } from '@app/contract';
import { getPath, issuesToErrors, setPath } from './paths';

describe('form paths', () => {
  it('reads and writes dotted paths without touching the original', () => {
    const values = { name: 'A', address: { city: null as string | null, state: 'IA' } };
    const next = setPath(values, 'address.city', 'Ames');
    expect(next).toEqual({ name: 'A', address: { city: 'Ames', state: 'IA' } });
    expect(values.address.city).toBeNull();
    expect(getPath(next, 'address.city')).toBe('Ames');
    expect(getPath({ address: null }, 'address.city')).toBeUndefined();
    expect(setPath({ address: null }, 'address.city', 'X')).toEqual({ address: { city: 'X' } });
  });

  it('keeps arrays arrays when writing inside them', () => {
    const values = { answers: [{ answer: 'A' }, { answer: 'B' }] };
    const next = setPath(values, 'answers.1.answer', 'C');
    expect(Array.isArray(next.answers)).toBe(true);
    expect(next).toEqual({ answers: [{ answer: 'A' }, { answer: 'C' }] });
    expect(values.answers[1]!.answer).toBe('B');
    expect(setPath({ answers: null }, 'answers.0.answer', 'X')).toEqual({ answers: [{ answer: 'X' }] });
  });

  it('maps the contract schema issues to fields with the server texts', () => {
    const parsed = InstitutionInput.safeParse({
      name: ' ',
      abbreviation: 'ABCDEFGHIJKLMN',
      type: null,
      ownership: null,
      address: { country: 'FR' },
    });
    expect(parsed.success).toBe(false);
    const errors = issuesToErrors(parsed.error!.issues);
    expect(errors).toMatchObject({
      name: 'Name is required',
      abbreviation: 'Abbreviation must be 12 characters or less',
      type: 'Type is required',
      ownership: 'Ownership is required',
    });
    expect(Object.keys(errors)).toContain('address.country');
  });
});
