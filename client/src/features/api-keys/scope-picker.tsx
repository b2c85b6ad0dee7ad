import { Checkbox, Input, Loader, Table, Text, Tooltip } from '@mantine/core';
import type { ApiKeyScopeArea } from '@app/contract';
import { useScopeAreas } from './api';

type Props = { value: string[]; onChange: (scopes: string[]) => void; error?: string };

function ScopeBox({
  area,
  kind,
  value,
  onChange,
}: { area: ApiKeyScopeArea; kind: 'read' | 'write' } & Omit<Props, 'error'>) {
  const scope = area[kind];
  if (!scope) return null;
  const checked = value.includes(scope.scope);
  const box = (
    <Checkbox
      aria-label={`${area.label}: ${kind}`}
      checked={checked}
      onChange={() => onChange(checked ? value.filter((s) => s !== scope.scope) : [...value, scope.scope])}
    />
  );
  return (
    <Tooltip
      label={scope.calls.join('\n')}
      style={{ whiteSpace: 'pre-line' }}
      openDelay={400}
      position="left"
      withinPortal
    >
      <span style={{ display: 'inline-block' }}>{box}</span>
    </Tooltip>
  );
}

/** The calls a key may make: per admin area, Read (its GET calls) and Write (the rest); each box's tooltip lists them. */
export function ScopePicker({ value, onChange, error }: Props) {
  const areas = useScopeAreas().data?.body.items;
  return (
    <Input.Wrapper
      label="Calls it may make"
      withAsterisk
      error={error}
      description="Read: lists, exports and single records. Write: creates, saves, sends and deletes."
    >
      {!areas ? (
        <Loader size="sm" aria-label="Loading scopes" />
      ) : (
        <Table striped withTableBorder mt={6} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Area</Table.Th>
              <Table.Th ta="center">Read</Table.Th>
              <Table.Th ta="center">Write</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {areas.map((area) => (
              <Table.Tr key={area.area}>
                <Table.Td>
                  <Text size="sm">{area.label}</Text>
                </Table.Td>
                <Table.Td ta="center">
                  <ScopeBox area={area} kind="read" value={value} onChange={onChange} />
                </Table.Td>
                <Table.Td ta="center">
                  <ScopeBox area={area} kind="write" value={value} onChange={onChange} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Input.Wrapper>
  );
}
