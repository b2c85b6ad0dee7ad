import { describe, expect, it } from 'vitest';
import { readSort, sortStateOf, toggleSort, writeSort } from './sort';

describe('sort', () => {
  it('round-trips the URL text', () => {
    const text = 'name:asc,createdAt:desc';
    expect(writeSort(readSort(text))).toBe(text);
    expect(readSort(undefined)).toEqual([]);
    expect(writeSort([])).toBeUndefined();
  });

  it('cycles asc -> desc -> none on a click', () => {
    expect(toggleSort(undefined, 'name')).toBe('name:asc');
    expect(toggleSort('name:asc', 'name')).toBe('name:desc');
    expect(toggleSort('name:desc', 'name')).toBeUndefined();
  });

  it('a plain click replaces other sorts', () => {
    expect(toggleSort('name:desc', 'type')).toBe('type:asc');
    expect(toggleSort('name:asc,type:desc', 'name')).toBe('name:desc');
    expect(toggleSort('name:asc,type:desc', 'type')).toBe('type:asc');
  });

  it('shift-click adds or cycles a secondary sort in place', () => {
    expect(toggleSort('name:asc', 'type', { multi: true })).toBe('name:asc,type:asc');
    expect(toggleSort('name:asc,type:asc', 'type', { multi: true })).toBe('name:asc,type:desc');
    expect(toggleSort('name:asc,type:desc', 'type', { multi: true })).toBe('name:asc');
    expect(toggleSort('name:asc,type:desc', 'name', { multi: true })).toBe('name:desc,type:desc');
  });

  it('tells a header its direction and position', () => {
    expect(sortStateOf('name:asc,type:desc', 'type')).toEqual({ direction: 'desc', position: 2, count: 2 });
    expect(sortStateOf(undefined, 'type')).toEqual({ count: 0 });
  });
});
