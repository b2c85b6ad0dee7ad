import { Code, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@app/contract';

const MAX = 80;

/** A stored value as one short line: text as is, null as 'empty', objects as JSON; long ones cut. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX ? `${text.slice(0, MAX)}…` : text;
}

/** `invitationAdvisor1Name` -> 'invitation advisor1 name'. */
const fieldName = (key: string) =>
  key
    .replace(/([A-Z])/g, ' $1')
    .replace(/_/g, ' ')
    .toLowerCase();

/** What an audit row changed (`field: old -> new`, one line each) or what it adds (an export's filters, a test's recipient). */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'changes' | 'detail'> }) {
  const lines = entry.changes
    ? Object.entries(entry.changes).map(([key, { old, new: now }]) => (
        <Text key={key} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" fw={600}>
            {fieldName(key)}
          </Text>
          : <Code>{shown(old)}</Code> → <Code>{shown(now)}</Code>
        </Text>
      ))
    : Object.entries(entry.detail ?? {}).map(([key, value]) => (
        <Text key={key} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {fieldName(key)}: {shown(value)}
        </Text>
      ));
  return lines.length ? <Stack gap={2}>{lines}</Stack> : null;
}
