import { Checkbox, Input, Loader, Table, Text, Tooltip } from '@mantine/core';
import { PERMISSION_KINDS, type PermissionArea, type PermissionKind } from '@app/contract';

type Props = {
  /** The areas and their permissions (GET /api/admin/tech/permissions or the API keys' scopes); loading while undefined. */
  areas: PermissionArea[] | undefined;
  value: string[];
  onChange: (permissions: string[]) => void;
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
};

const KIND_LABEL: Record<PermissionKind, string> = { read: 'Read', write: 'Write', export: 'Export' };

function PermissionBox({
  area,
  kind,
  value,
  onChange,
}: { area: PermissionArea; kind: PermissionKind } & Pick<Props, 'value' | 'onChange'>) {
  const permission = area[kind];
  if (!permission) return null;
  const checked = value.includes(permission.scope);
  return (
    <Tooltip
      label={permission.calls.join('\n')}
      style={{ whiteSpace: 'pre-line' }}
      openDelay={400}
      position="left"
      withinPortal
    >
      <span style={{ display: 'inline-block' }}>
        <Checkbox
          aria-label={`${area.label}: ${kind}`}
          checked={checked}
          onChange={() =>
            onChange(checked ? value.filter((p) => p !== permission.scope) : [...value, permission.scope])
          }
        />
      </span>
    </Tooltip>
  );
}

/**
 * The permission grid of API keys and roles (issue 35 §2): one row per admin area, Read / Write / Export
 * columns, each box's tooltip listing the calls it covers; an area without such a call has no box.
 * @example <PermissionGrid label="Permissions" areas={areas} value={form.values.permissions} onChange={(p) => form.setValue('permissions', p)} />
 */
export function PermissionGrid({ areas, value, onChange, label, description, error, required }: Props) {
  return (
    <Input.Wrapper label={label} withAsterisk={required} error={error} description={description}>
      {!areas ? (
        <Loader size="sm" aria-label="Loading permissions" />
      ) : (
        <Table striped withTableBorder mt={6} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Area</Table.Th>
              {PERMISSION_KINDS.map((kind) => (
                <Table.Th key={kind} ta="center">
                  {KIND_LABEL[kind]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {areas.map((area) => (
              <Table.Tr key={area.area}>
                <Table.Td>
                  <Text size="sm">{area.label}</Text>
                </Table.Td>
                {PERMISSION_KINDS.map((kind) => (
                  <Table.Td key={kind} ta="center">
                    <PermissionBox area={area} kind={kind} value={value} onChange={onChange} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Input.Wrapper>
  );
}
