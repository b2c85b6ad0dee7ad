import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { DragDropContext, Droppable, type DropResult } from '@hello-pangea/dnd';
import type { LessonSegment } from '@app/contract';
import { SortableItem } from '../../components/sortable-list/sortable-row';
import classes from './lessons.module.css';

export type SegmentActions = {
  /** Opens the segment's panel: its editor, or its content read-only for an account that may not write. */
  edit: (s: LessonSegment) => void;
  remove: (s: LessonSegment) => void;
  /** Moves the segment at `from` to `to` (drop, or the arrow buttons). */
  move: (from: number, to: number) => void;
};

/**
 * The lesson's segments in order. Drag by the handle (keyboard: focus it, Space to lift, arrows to move,
 * Space to drop) or use the arrows; the order is saved on drop. Read-only for an account that may not write.
 * A segment's name opens it, for every account: a reader reads its content there.
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
              <SortableItem
                key={s.id}
                id={s.id}
                index={i}
                name={s.name}
                testId={`segment-${s.slug}`}
                first={i === 0}
                last={i === segments.length - 1}
                onMove={(by) => actions.move(i, i + by)}
                onEdit={() => actions.edit(s)}
                onDelete={() => actions.remove(s)}
                lead={
                  <Badge variant="light" circle aria-label={`Segment ${i + 1}`}>
                    {i + 1}
                  </Badge>
                }
              >
                <Text size="sm" fw={500} className={classes.name}>
                  <Anchor component="button" type="button" inherit ta="start" onClick={() => actions.edit(s)}>
                    {s.name}
                  </Anchor>
                </Text>
              </SortableItem>
            ))}
            {drop.placeholder}
          </Stack>
        )}
      </Droppable>
    </DragDropContext>
  );
}
