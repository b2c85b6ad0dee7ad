import type { CSSProperties, ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';

export type TokenTableProps<R> = Omit<TableProps, 'children'> & {
  /** The tokens, one row each (keyed by their id). */
  rows: R[];
  /** The Token cell of a row, e.g. its `{{id}}`. */
  token: (row: R) => ReactNode;
  /** The Value cell of a row, e.g. its resolved value or its description. */
  value: (row: R) => ReactNode;
  /** A row's style, e.g. dimmed when the token cannot be used. */
  rowStyle?: (row: R) => CSSProperties | undefined;
};

/**
 * A table of `{{token}}`s with a Token and a Value column (the email-template token help, an AI video's
 * tokens resolved for a member). The rest of its props go to the table.
 *
 * @example
 * <TokenTable rows={tokens} aria-label="Tokens" token={(t) => <Code>{`{{${t.id}}}`}</Code>} value={(t) => t.value} />
 */
export function TokenTable<R extends { id: string }>({ rows, token, value, rowStyle, ...table }: TokenTableProps<R>) {
  return (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Token</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} style={rowStyle?.(row)}>
            <Table.Td>{token(row)}</Table.Td>
            <Table.Td>{value(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
