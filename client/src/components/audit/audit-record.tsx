import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { auditEntityLabel, auditEntityPath, auditNameKey, type AuditEntry } from '@app/contract';

/**
 * The record an audit row is about, by its screen's name and the record's own name where it has one
 * ('Institution: Harbor Point College', else 'Import #1'), linked to its screen when it has one.
 */
export function AuditRecord({ entry }: { entry: Pick<AuditEntry, 'entity' | 'entityId' | 'names'> }) {
  const label = auditEntityLabel(entry.entity);
  const name = entry.entityId ? entry.names?.[auditNameKey(entry.entity, entry.entityId)] : undefined;
  const text = name ? `${label}: ${name}` : entry.entityId ? `${label} #${entry.entityId}` : label;
  // The screen's path and its search (`?edit=12`), which the router takes apart; its routes parse the values.
  const [to, query] = auditEntityPath(entry.entity, entry.entityId)?.split('?') ?? [];
  return (
    <Text size="sm" style={{ overflowWrap: 'break-word' }}>
      {to ? (
        <Anchor component={Link} to={to} search={Object.fromEntries(new URLSearchParams(query)) as never} size="sm">
          {text}
        </Anchor>
      ) : (
        text
      )}
    </Text>
  );
}
