import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { DraggableProvided } from '@hello-pangea/dnd';
import type { ProgramComponent } from '@app/contract';
import { TYPE_COLORS, TYPE_ICONS, typeLabel } from './component-types';
import classes from './syllabus.module.css';

export type ComponentActions = {
  edit: (c: ProgramComponent) => void;
  remove: (c: ProgramComponent) => void;
  move: (c: ProgramComponent, by: -1 | 1) => void;
};

/**
 * One component of a section: drag handle (keyboard: focus it, Space to lift, arrows to move, Space to
 * drop), type, name, XP badges ('name - N xp'), segment count, fallback notes, move up/down, edit and delete.
 * A component that is another's async fallback has no delete action.
 */
export function ComponentRow(props: {
  component: ProgramComponent;
  fallbackToName: string | null;
  first: boolean;
  last: boolean;
  provided: DraggableProvided;
  dragging: boolean;
  actions: ComponentActions;
}) {
  const { component: c, provided, actions } = props;
  const TypeIcon = TYPE_ICONS[c.componentType];
  return (
    <Paper
      ref={provided.innerRef}
      {...provided.draggableProps}
      withBorder
      p="xs"
      className={classes.component}
      data-dragging={props.dragging || undefined}
      data-testid={`component-${c.slug}`}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <div {...provided.dragHandleProps} className={classes.handle} aria-label={`Drag ${c.name}`}>
          <IconGripVertical size={18} />
        </div>
        <Stack gap={4} className={classes.grow}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={TYPE_COLORS[c.componentType]} leftSection={<TypeIcon size={12} />} className={classes.badge}>
              {typeLabel(c.componentType)}
            </Badge>
            <Text size="sm" fw={500} className={classes.name}>
              {c.name}
            </Text>
          </Group>
          {(c.learningXps.length > 0 || c.componentType === 'segmented lesson') && (
            <Group gap={4} wrap="wrap">
              {c.learningXps.map((x) => (
                <Badge key={x.id} size="sm" variant="outline" className={classes.badge}>
                  {`${x.name} - ${c.xp} xp`}
                </Badge>
              ))}
              {c.componentType === 'segmented lesson' && (
                <Badge size="sm" variant="default" className={classes.badge}>
                  {c.lessonSegments === 1 ? '1 segment' : `${c.lessonSegments} segments`}
                </Badge>
              )}
            </Group>
          )}
          {c.fallbackFor.map((f) => (
            <Text key={f.id} size="xs" c="dimmed">
              Async fallback for: {f.name}
            </Text>
          ))}
          {props.fallbackToName && (
            <Text size="xs" c="dimmed">
              Async fallback: {props.fallbackToName}
            </Text>
          )}
        </Stack>
        <Group gap={2} wrap="nowrap" className={classes.actions}>
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" color="gray" disabled={props.first} onClick={() => actions.move(c, -1)} aria-label={`Move ${c.name} up`}>
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" color="gray" disabled={props.last} onClick={() => actions.move(c, 1)} aria-label={`Move ${c.name} down`}>
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" onClick={() => actions.edit(c)} aria-label={`Edit ${c.name}`}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          {c.fallbackFor.length === 0 && (
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" onClick={() => actions.remove(c)} aria-label={`Delete ${c.name}`}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
