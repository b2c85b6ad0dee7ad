import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

export type RowCardsProps<R> = {
  /** The list's heading, e.g. 'Answers'. */
  title: string;
  /** A dimmed note under the heading, if any. */
  hint?: string;
  rows: R[];
  /** The error of the list as a whole (e.g. too few rows). */
  error?: ReactNode;
  /** The Add button's text, e.g. 'Add Answer'. */
  addLabel: string;
  onAdd: () => void;
  /** A dimmed note beside the Add button while there are no rows. */
  emptyText?: string;
  /** One row's fields (usually a `RowHead` first), given the row, its index and its number from 1. */
  children: (row: R, i: number, n: number) => ReactNode;
};

/**
 * An editable list of a question's rows (answers, options, statements): a card a row, the list's error,
 * and an Add button.
 *
 * @example
 * <RowCards title="Statements" rows={rows} error={listError} addLabel="Add Statement" onAdd={add}>
 *   {(row, i, n) => <RowHead label={`Statement ${n}`} ... />}
 * </RowCards>
 */
export function RowCards<R>({ title, hint, rows, error, addLabel, onAdd, emptyText, children }: RowCardsProps<R>) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {rows.map((row, i) => (
        <Paper key={i} withBorder p="sm" radius="md">
          <Stack gap="xs">{children(row, i, i + 1)}</Stack>
        </Paper>
      ))}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          {addLabel}
        </Button>
        {rows.length === 0 && emptyText && (
          <Text size="xs" c="dimmed">
            {emptyText}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

export type RowHeadProps = {
  /** The field's label, e.g. 'Answer 2'. */
  label: string;
  value: string;
  maxLength: number;
  error?: ReactNode;
  onChange: (value: string) => void;
  /** The Remove button's accessible name, e.g. 'Remove answer 2'. */
  removeLabel: string;
  onRemove: () => void;
};

/** The required text that heads a row card, with the row's Remove button beside it. */
export function RowHead({ label, value, maxLength, error, onChange, removeLabel, onRemove }: RowHeadProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={label}
        withAsterisk
        maxLength={maxLength}
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <ActionIcon variant="subtle" color="red" mt={26} aria-label={removeLabel} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
