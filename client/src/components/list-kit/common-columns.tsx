import { Fragment, type ReactNode } from 'react';
import { Anchor, Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../format';
import { EditButton } from './row-actions';
import type { Column } from './types';

/**
 * An Enabled column: a green or gray badge.
 * @example enabledColumn<EmailTemplate>({ yes: 'Yes', no: 'No' })
 */
export function enabledColumn<T extends { enabled: boolean }>(
  labels = { yes: 'Enabled', no: 'Disabled' },
  sortField = 'enabled',
): Column<T> {
  return {
    key: 'enabled',
    header: 'Enabled',
    primary: true,
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
        {row.updatedBy && <Note>by {row.updatedBy}</Note>}
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

type StringKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
type NumberKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

/** A column sorted by its own key, shown by `render`. */
const sortedColumn = <T,>(
  key: string,
  header: string,
  render: Column<T>['render'],
  extra?: Partial<Column<T>>,
): Column<T> => ({
  key,
  header,
  sortField: key,
  render,
  ...extra,
});

/**
 * A sortable column whose text links to the row's screen, with an optional second line under it.
 * @example linkColumn<Program>('name', 'Name', (p) => `/admin/learning/programs/${p.slug}`, (p) => <Text size="xs">{p.slug}</Text>)
 */
export function linkColumn<T>(
  key: StringKey<T>,
  header: string,
  to: (row: T) => string,
  sub?: (row: T) => ReactNode,
): Column<T> {
  return sortedColumn(key, header, (row) => {
    const link = (
      <Anchor component={Link} to={to(row)} size="sm" fw={500}>
        {row[key] as string}
      </Anchor>
    );
    return sub ? (
      <div>
        {link}
        {sub(row)}
      </div>
    ) : (
      link
    );
  });
}

/** A name with a line-break chance after each underscore, so 'ROLE_ADMIN' wraps as 'ROLE_' / 'ADMIN', not mid-word. */
function softBreaks(text: string): ReactNode {
  if (typeof text !== 'string' || !text.includes('_')) return text;
  const parts = text.split('_');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/**
 * A sortable column whose text opens the row in its edit panel, with an optional second line under it.
 * Alone, the text's button is named 'Open {text}'; with a second line, by both lines (a name that left
 * out visible text would fail WCAG 2.5.3).
 * @example openColumn<InvitationTest>('name', 'Name', openEdit, (t) => <Text size="xs" c="dimmed">{t.slug}</Text>)
 */
export function openColumn<T extends { id: number }>(
  key: StringKey<T>,
  header: string,
  openEdit: (id: number) => void,
  sub?: (row: T) => ReactNode,
): Column<T> {
  return sortedColumn(key, header, (row) => (
    <UnstyledButton onClick={() => openEdit(row.id)} aria-label={sub ? undefined : `Open ${row[key] as string}`}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {softBreaks(row[key] as string)}
      </Text>
      {sub?.(row)}
    </UnstyledButton>
  ));
}

/**
 * A sortable day column (e.g. Created, Updated): the UTC day on one line.
 * @example dayColumn<AiVideoTemplate>('createdAt', 'Created', 'md')
 */
export function dayColumn<T>(key: StringKey<T>, header: string, visibleFrom?: Column<T>['visibleFrom']): Column<T> {
  return sortedColumn(
    key,
    header,
    (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDay(row[key] as string)}
      </Text>
    ),
    { visibleFrom },
  );
}

/**
 * A sortable, right-aligned count column (e.g. Questions, Videos).
 * @example countColumn<AssessmentListItem>('outcomeCount', 'Outcomes')
 */
export function countColumn<T>(key: NumberKey<T>, header: string): Column<T> {
  return sortedColumn(key, header, (row) => <Text size="sm">{row[key] as number}</Text>, { align: 'right' });
}

/**
 * The right-aligned Actions column of a list (its row buttons).
 * @example actionsColumn<Chapter>((c) => <EditButton name={c.name} to={editPath(c)} />)
 */
export function actionsColumn<T>(render: (row: T) => ReactNode): Column<T> {
  return { key: 'actions', header: 'Actions', align: 'right', render };
}

/**
 * The Actions column of a list with an edit panel: the row's Edit button ('Edit {row[key]}') opens it.
 * @example editColumn<Institution>('name', openEdit)
 */
export function editColumn<T extends { id: number }>(key: StringKey<T>, openEdit: (id: number) => void): Column<T> {
  return actionsColumn((row) => <EditButton name={row[key] as string} onClick={() => openEdit(row.id)} />);
}

/**
 * A column sorted by its own field whose cell stacks its lines: the main one, then notes under it.
 * @example stackedColumn<EmailSend>('emailTo', 'Email', undefined, (e) => <><Text size="sm">{e.emailTo}</Text><Note>{e.subject}</Note></>)
 */
export function stackedColumn<T>(
  key: keyof T & string,
  header: string,
  visibleFrom: Column<T>['visibleFrom'],
  lines: (row: T) => ReactNode,
): Column<T> {
  const render = (row: T) => (
    <Stack gap={2} align="flex-start">
      {lines(row)}
    </Stack>
  );
  return { key, header, sortField: key, visibleFrom, render };
}

/** A small dimmed line under a cell's main one, cut after `lineClamp` lines when given. */
export function Note({ children, lineClamp }: { children: ReactNode; lineClamp?: number }) {
  return (
    <Text size="xs" c="dimmed" lineClamp={lineClamp}>
      {children}
    </Text>
  );
}
