import { Badge, Text } from '@mantine/core';
import { formatDay } from '../format';
import type { Column } from './types';

/**
 * An Enabled column: a green or gray badge.
 * @example enabledColumn<EmailTemplate>({ yes: 'Yes', no: 'No' })
 */
export function enabledColumn<T extends { enabled: boolean }>(labels = { yes: 'Enabled', no: 'Disabled' }, sortField = 'enabled'): Column<T> {
  return {
    key: 'enabled',
    header: 'Enabled',
    sortField,
    render: (row) => (
      <Badge variant="light" color={row.enabled ? 'green' : 'gray'}>
        {row.enabled ? labels.yes : labels.no}
      </Badge>
    ),
  };
}

/**
 * An Updated column: when (the UTC day unless `format` says otherwise), and who saved it last under it.
 * @example updatedColumn<InvitationTest>('updatedAt', 'sm')
 */
export function updatedColumn<T extends { updatedAt: string; updatedBy: string | null }>(
  sortField: string,
  visibleFrom?: Column<T>['visibleFrom'],
  format: (iso: string) => string = formatDay,
): Column<T> {
  return {
    key: 'updatedAt',
    header: 'Updated',
    sortField,
    visibleFrom,
    render: (row) => (
      <div>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {format(row.updatedAt)}
        </Text>
        {row.updatedBy && (
          <Text size="xs" c="dimmed">
            by {row.updatedBy}
          </Text>
        )}
      </div>
    ),
  };
}

/**
 * The options of a yes/no filter (the contract's 1/0). A chosen option hides the filter's placeholder, so
 * each option names its filter.
 * @example { key: 'active', type: 'select', label: 'Active', options: yesNoOptions('Active') }
 */
export function yesNoOptions(name: string) {
  return [
    { value: '1', label: `${name}: Yes` },
    { value: '0', label: `${name}: No` },
  ];
}
