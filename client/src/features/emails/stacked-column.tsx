import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import type { Column } from '../../components/list-kit';

/**
 * A column sorted by its own field whose cell stacks its lines: the main one, then notes under it.
 * Only the emails lists use it: it joins list-kit's common columns when another list wants it.
 * @example stackedColumn<EmailSend>('emailTo', 'Email', undefined, (e) => <><Text size="sm">{e.emailTo}</Text><Note>{e.subject}</Note></>)
 */
export function stackedColumn<T>(key: keyof T & string, header: string, visibleFrom: Column<T>['visibleFrom'], lines: (row: T) => ReactNode): Column<T> {
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
