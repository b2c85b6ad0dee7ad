import { Button, Group } from '@mantine/core';
import { IconKey, IconPencil } from '@tabler/icons-react';

/** The Edit and Reset Password actions of an account or member row. */
export function RowActions({ name, onEdit, onReset }: { name: string; onEdit: () => void; onReset: () => void }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button variant="subtle" size="xs" color="gray" leftSection={<IconKey size={14} />} onClick={onReset} aria-label={`Reset Password of ${name}`}>
        Reset Password
      </Button>
    </Group>
  );
}
