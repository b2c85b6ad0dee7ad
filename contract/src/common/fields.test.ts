import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AddressInput } from './address.js';
import { dateProblem } from './dates.js';
import { IdParam, idNumber, MAX_INT, nullableInt, nullableText, refId, requiredText, STORABLE_TEXT } from './fields.js';
import { fileRef } from './file.js';
import { listQuery, MAX_PAGE, queryDate, queryText } from './list.js';

const firstMessage = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('text PostgreSQL can store', () => {
  it.each([['plain'], ['émoji 😀'], [''], ['tab\tand\nnewline']])('accepts %j', (text) => {
    expect(STORABLE_TEXT.test(text)).toBe(true);
  });
  it.each([['\u0000'], ['a\u0000b'], ['\uD800'], ['x\uDC00'], ['😀'.slice(0, 1)]])('refuses %j', (text) => {
    expect(STORABLE_TEXT.test(text)).toBe(false);
  });

  it('is checked by every text helper with the field name in the message', () => {
    expect(firstMessage(requiredText('Name is required'), 'a\u0000')).toBe('Name contains an invalid character');
    expect(firstMessage(nullableText(100, 'Website'), 'x\uD800')).toBe('Website contains an invalid character');
    expect(firstMessage(queryText, '%\u0000')).toBe('Search contains an invalid character');
    expect(firstMessage(AddressInput, { city: 'a\u0000' })).toBe('City contains an invalid character');
    // requiredText stays a ZodString: areas still chain .email() or .min() onto it.
    expect(firstMessage(requiredText('Email is required').email('Invalid email'), 'nope')).toBe('Invalid email');
  });
});

describe('ids and whole numbers that fit a PostgreSQL integer', () => {
  it.each([
    ['12', undefined],
    [String(MAX_INT), undefined],
    ['0', 'id must be a positive number'],
    ['-1', 'id must be a positive number'],
    ['2147483648', 'id must be 2147483647 or less'],
    ['99999999999999999999', 'id must be 2147483647 or less'],
    ['1e21', 'id must be 2147483647 or less'],
    ['1.5', 'id must be a whole number'],
    ['abc', 'id must be a number'],
  ])('path id %s', (id, message) => {
    expect(firstMessage(IdParam, { id })).toBe(message);
  });

  it('refuses a file reference that is not a positive id, and reads absent as none', () => {
    expect(firstMessage(fileRef('Logo'), 0)).toBe('Logo must be a positive file id');
    expect(firstMessage(fileRef('Logo'), 2 ** 31)).toBe('Logo must be 2147483647 or less');
    expect(fileRef('Logo').parse(undefined)).toBeNull();
    expect(fileRef('Logo').parse(7)).toBe(7);
  });

  it('keeps nullable numbers and references inside the integer range', () => {
    expect(firstMessage(nullableInt('Legacy Id'), 2 ** 31)).toBe('Legacy Id must be 2147483647 or less');
    expect(firstMessage(nullableInt('Legacy Id'), -(2 ** 63))).toBe('Legacy Id must be -2147483648 or more');
    expect(nullableInt('Legacy Id').parse('')).toBeNull();
    expect(firstMessage(refId('Institution is required', 'Institution not found'), 2 ** 31)).toBe(
      'Institution not found',
    );
    expect(firstMessage(idNumber('chapter'), 'x')).toBe('chapter must be a number');
  });

  it('caps the page so the row offset stays exact', () => {
    const query = listQuery({ sortable: ['id'] as const });
    expect(query.parse({ page: String(MAX_PAGE) }).page).toBe(MAX_PAGE);
    expect(firstMessage(query, { page: '99999999999999999999' })).toBe('page must be 1000000 or less');
  });
});

describe('dates', () => {
  it.each([
    ['2024-02-29', undefined],
    ['2024-02-29T23:59:59Z', undefined],
    ['2026-05-08 10:35:00', undefined],
    ['2026-03-17T12:05:00+05:30', undefined],
    ['2026-03-17T12:05:00.123456Z', undefined],
    ['1000-01-01', undefined],
    ['9999-12-31', undefined],
    ['2023-02-29', 'Start must be a date'],
    ['2024-13-01', 'Start must be a date'],
    ['0000-00-00', 'Start must be a date'],
    ['2024-01-01T25:00:00Z', 'Start must be a date'],
    ['99999-01-01', 'Start must be a date'],
    ['+275760-09-13T00:00:00Z', 'Start must be a date'],
    ['Tue, 01 Jan 2030 00:00:00 GMT', 'Start must be a date'],
    ['0999-12-31', 'Start must be between the years 1000 and 9999'],
  ])('%s', (text, problem) => {
    expect(dateProblem(text, 'Start')).toBe(problem);
  });

  it('checks query dates strictly, keeping the old text for what is no date at all', () => {
    expect(queryDate.parse('2024-05-01')).toBe('2024-05-01');
    expect(queryDate.parse('')).toBeUndefined();
    expect(firstMessage(queryDate, 'tomorrow')).toBe('Invalid date "tomorrow"');
    expect(firstMessage(queryDate, '99999-01-01')).toBe('Invalid date "99999-01-01"');
    expect(firstMessage(queryDate, '0500-01-01')).toBe('Date must be between the years 1000 and 9999');
  });
});
