import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { DraggableProvided } from '@hello-pangea/dnd';
import { RowActions } from '../list-kit/row-actions';
import classes from './sortable-list.module.css';

export type SortableRowProps = {
  /** The `Draggable`'s render props. */
  provided: DraggableProvided;
  dragging: boolean;
  /** The item's name, in the buttons' names ('Drag {name}', 'Move {name} up', 'Edit {name}', …). */
  name: string;
  testId: string;
  first: boolean;
  last: boolean;
  /** Moves the item one place up (-1) or down (1). */
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  /** Left out: no Delete button. */
  onDelete?: () => void;
  /** Before the content, not stretched (e.g. the position badge). */
  lead?: ReactNode;
  align?: 'center' | 'flex-start';
  children: ReactNode;
};

/**
 * One row of a drag-and-drop ordered list (lesson segments, syllabus components): the grip handle
 * (keyboard: focus it, Space to lift, arrows to move, Space to drop), the content, then Move up, Move
 * down, Edit and Delete.
 */
export function SortableRow({
  provided,
  dragging,
  name,
  testId,
  first,
  last,
  onMove,
  onEdit,
  onDelete,
  lead,
  align,
  children,
}: SortableRowProps) {
  return (
    <Paper
      ref={provided.innerRef}
      {...provided.draggableProps}
      withBorder
      p="xs"
      className={classes.row}
      data-dragging={dragging || undefined}
      data-testid={testId}
    >
      <Group gap="xs" wrap="nowrap" align={align}>
        <div {...provided.dragHandleProps} className={classes.handle} aria-label={`Drag ${name}`}>
          <IconGripVertical size={18} />
        </div>
        {lead}
        <div className={classes.content}>{children}</div>
        <Group gap={2} wrap="nowrap" className={classes.actions}>
          <Tooltip label="Move up">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} up`}
              disabled={first}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} down`}
              disabled={last}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <RowActions name={name} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      </Group>
    </Paper>
  );
}
