import { Code, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@app/contract';
import { fieldLabel, shownValue } from './audit-value';

/**
 * What an audit row changed (`Label: old → new`, one line each) or what it adds (an export's filters, a test's
 * recipient), each field by its form's label and each value as the screens show it.
 */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'changes' | 'detail' | 'names'> }) {
  const lines = entry.changes
    ? Object.entries(entry.changes).map(([key, { old, new: now }]) => (
        <Text key={key} size="xs" style={{ overflowWrap: 'break-word' }}>
          <Text span size="xs" fw={600}>
            {fieldLabel(key)}
          </Text>
          : <Code>{shownValue(key, old, entry)}</Code> → <Code>{shownValue(key, now, entry)}</Code>
        </Text>
      ))
    : Object.entries(entry.detail ?? {}).map(([key, value]) => (
        <Text key={key} size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
          {fieldLabel(key)}: {shownValue(key, value, entry)}
        </Text>
      ));
  return lines.length ? <Stack gap={2}>{lines}</Stack> : null;
}
