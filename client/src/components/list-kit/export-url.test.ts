import { describe, expect, it } from 'vitest';
import { contract } from '@app/contract';
import { exportHref } from './export-url';

describe('exportHref', () => {
  it('puts the filters and sort of the list on the contract export path', () => {
    const href = exportHref(contract.institutions.export, {
      page: 3,
      pageSize: 20,
      sort: 'name:asc',
      type: 'Business',
      search: 'state u',
      edit: 5,
    });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/api/admin/institutions/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort: 'name:asc', type: 'Business', search: 'state u' });
  });

  it('is the bare path without filters', () => {
    expect(exportHref(contract.institutions.export, { page: 1, pageSize: 10, search: '' })).toBe(
      '/api/admin/institutions/export',
    );
  });
});
