import { describe, expect, it } from 'vitest';
import { phoneColumnKeys } from './phone-columns';
import type { Column } from './types';

const column = (key: string, extra: Partial<Column<unknown>> = {}): Column<unknown> => ({
  key,
  header: key,
  render: () => null,
  ...extra,
});

describe('phoneColumnKeys', () => {
  it('keeps the name, the primary columns and the row actions; the rest waits in the toggle', () => {
    const columns = [
      column('name'),
      column('invitation', { visibleFrom: 'md' }),
      column('inviteCount'),
      column('test'),
      column('status', { primary: true }),
      column('actions', { align: 'right' }),
    ];
    expect(phoneColumnKeys(columns)).toEqual(['name', 'status', 'actions']);
  });

  it('hides secondary columns even without visibleFrom, however many a list has', () => {
    const columns = ['domain', 'day', 'sent', 'delivered', 'deferred', 'state'].map((k) => column(k));
    expect(phoneColumnKeys(columns)).toEqual(['domain']);
  });

  it('takes the first column a phone may show as the name (a leading date column hidden below sm is not)', () => {
    const columns = [column('paidAt', { visibleFrom: 'sm' }), column('name'), column('amount'), column('actions')];
    expect(phoneColumnKeys(columns)).toEqual(['name', 'actions']);
  });

  it('lets a column opt out (primary: false) and a column hidden below a breakpoint opt in', () => {
    const columns = [
      column('id', { primary: false }),
      column('name'),
      column('state', { visibleFrom: 'md', primary: true }),
      column('actions', { primary: false }),
    ];
    expect(phoneColumnKeys(columns)).toEqual(['name', 'state']);
  });
});
