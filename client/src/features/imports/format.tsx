import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { Import, ImportKind, ImportStatus } from '@app/contract';
import { count } from '../../components/format';

export const KIND_LABELS: Record<ImportKind, string> = {
  institutions: 'Institutions',
  chapters: 'Chapters',
  accounts: 'Accounts',
};

const STATUS_COLORS: Record<ImportStatus, string> = { Queued: 'gray', Running: 'blue', Done: 'teal', Failed: 'red' };

/** The import's status; a Failed one shows its reason on hover. */
export function ImportStatusBadge({ value }: { value: Pick<Import, 'status' | 'statusReason'> }) {
  const badge = (
    <Badge size="sm" variant="light" color={STATUS_COLORS[value.status]}>
      {value.status}
    </Badge>
  );
  return value.statusReason ? (
    <Tooltip label={value.statusReason} multiline w={280}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** Created, updated, unchanged and rejected, as words a person reads at a glance. */
export function ImportCounts({ value }: { value: Import }) {
  const parts: Array<[string, number, string?]> = [
    ['created', value.countCreated, 'teal'],
    ['updated', value.countUpdated, 'blue'],
    ['unchanged', value.countUnchanged],
    ['rejected', value.countRejected, value.countRejected ? 'red' : undefined],
  ];
  return (
    <Group gap="xs" wrap="wrap">
      {parts.map(([label, n, color]) => (
        <Text key={label} size="sm" c={color}>
          <b>{count(n)}</b> {label}
        </Text>
      ))}
    </Group>
  );
}
