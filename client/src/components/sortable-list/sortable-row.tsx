import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { Draggable, type DraggableProvided } from '@hello-pangea/dnd';
import { RowActions } from '../list-kit/row-actions';
import { useMay } from '../../api/permissions';
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
  /** Shown in place, neither dragged nor moved (no handle, no arrows): an account that may not write. */
  readOnly?: boolean;
  children: ReactNode;
};

/** Move up and Move down: one place up (-1) or down (1). */
const MOVES = [
  { by: -1, dir: 'up', Icon: IconArrowUp },
  { by: 1, dir: 'down', Icon: IconArrowDown },
] as const;

/**
 * One row of a drag-and-drop ordered list (lesson segments, syllabus components): the grip handle
 * (keyboard: focus it, Space to lift, arrows to move, Space to drop), the content, then Move up, Move
 * down, Edit and Delete. A read-only row shows its content alone.
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
  readOnly,
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
        {!readOnly && (
          <div {...provided.dragHandleProps} className={classes.handle} aria-label={`Drag ${name}`}>
            <IconGripVertical size={18} />
          </div>
        )}
        {lead}
        <div className={classes.content}>{children}</div>
        {!readOnly && (
          <Group gap={2} wrap="nowrap" className={classes.actions}>
            {MOVES.map(({ by, dir, Icon }) => (
              <Tooltip key={by} label={`Move ${dir}`}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${name} ${dir}`}
                  disabled={by < 0 ? first : last}
                  onClick={() => onMove(by)}
                >
                  <Icon size={16} />
                </ActionIcon>
              </Tooltip>
            ))}
            <RowActions name={name} onEdit={onEdit} onDelete={onDelete} />
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/**
 * A `SortableRow` as item `index` of its list's `Droppable`: dragged, moved, edited and deleted only by accounts
 * that may write in the screen's area; others see the row read-only.
 * @example <SortableItem id={s.id} index={i} name={s.name} testId={`segment-${s.slug}`} first={i === 0} ... />
 */
export function SortableItem({
  id,
  index,
  ...row
}: Omit<SortableRowProps, 'provided' | 'dragging' | 'readOnly'> & { id: number; index: number }) {
  const mayWrite = useMay('write');
  return (
    <Draggable draggableId={String(id)} index={index} isDragDisabled={!mayWrite}>
      {(provided, snapshot) => (
        <SortableRow {...row} provided={provided} dragging={snapshot.isDragging} readOnly={!mayWrite} />
      )}
    </Draggable>
  );
}
