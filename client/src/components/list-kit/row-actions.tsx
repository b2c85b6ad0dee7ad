import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * A row's Edit and Delete icon buttons, named for assistive technology ('Edit {name}', 'Delete {name}'). Edit
 * is a link (`editTo`) or an action (`onEdit`); either may be left out (e.g. once a send has started).
 * @example <RowActions name={`reminder #${r.id}`} onEdit={() => edit(r)} onDelete={() => confirmDelete(r)} />
 */
export function RowActions({ name, editTo, onEdit, onDelete }: { name: string; editTo?: string; onEdit?: () => void; onDelete?: () => void }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {(editTo || onEdit) && (
        <Tooltip label="Edit">
          {editTo ? (
            <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={`Edit ${name}`}>
              <IconPencil size={16} />
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          )}
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
