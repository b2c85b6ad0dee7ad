import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import type { LessonSegment } from '@app/contract';
import classes from './lessons.module.css';

export type SegmentActions = {
  edit: (s: LessonSegment) => void;
  remove: (s: LessonSegment) => void;
  /** Moves the segment at `from` to `to` (drop, or the arrow buttons). */
  move: (from: number, to: number) => void;
};

/**
 * The lesson's segments in order. Drag by the handle (keyboard: focus it, Space to lift, arrows to move,
 * Space to drop) or use the arrows; the order is saved on drop.
 */
export function SegmentList({ segments, actions }: { segments: LessonSegment[]; actions: SegmentActions }) {
  const onDragEnd = (r: DropResult) => {
    if (r.destination) actions.move(r.source.index, r.destination.index);
  };
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId="lesson-segments">
        {(drop) => (
          <Stack gap="xs" ref={drop.innerRef} {...drop.droppableProps}>
            {segments.map((s, i) => (
              <Draggable key={s.id} draggableId={String(s.id)} index={i}>
                {(drag, snapshot) => (
                  <Paper
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    withBorder
                    p="xs"
                    className={classes.segment}
                    data-dragging={snapshot.isDragging || undefined}
                    data-testid={`segment-${s.slug}`}
                  >
                    <Group gap="xs" wrap="nowrap">
                      <div {...drag.dragHandleProps} className={classes.handle} aria-label={`Drag ${s.name}`}>
                        <IconGripVertical size={18} />
                      </div>
                      <Badge variant="light" circle aria-label={`Segment ${i + 1}`}>
                        {i + 1}
                      </Badge>
                      <Text size="sm" fw={500} className={`${classes.grow} ${classes.name}`}>
                        {s.name}
                      </Text>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label="Move up">
                          <ActionIcon variant="subtle" color="gray" aria-label={`Move ${s.name} up`} disabled={i === 0} onClick={() => actions.move(i, i - 1)}>
                            <IconArrowUp size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Move down">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Move ${s.name} down`}
                            disabled={i === segments.length - 1}
                            onClick={() => actions.move(i, i + 1)}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Edit">
                          <ActionIcon variant="subtle" aria-label={`Edit ${s.name}`} onClick={() => actions.edit(s)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => actions.remove(s)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Group>
                  </Paper>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </Stack>
        )}
      </Droppable>
    </DragDropContext>
  );
}
