import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ProgramComponent } from '@app/contract';
import { SortableItem } from '../../components/sortable-list/sortable-row';
import { TYPE_COLORS, TYPE_ICONS, typeLabel } from './component-types';
import classes from './syllabus.module.css';

export type ComponentActions = {
  edit: (c: ProgramComponent) => void;
  remove: (c: ProgramComponent) => void;
  move: (c: ProgramComponent, by: -1 | 1) => void;
  /** Where a segmented lesson's segments are: its name links there, also for an account that may only read. */
  lessonPath: (c: ProgramComponent) => string;
};

/**
 * One component of a section: drag handle (keyboard: focus it, Space to lift, arrows to move, Space to
 * drop), type, name, XP badges ('name - N xp'), segment count, fallback notes, move up/down, edit and delete.
 * A component that is another's async fallback has no delete action. A segmented lesson's name opens its segments.
 */
export function ComponentRow(props: {
  component: ProgramComponent;
  fallbackToName: string | null;
  index: number;
  last: boolean;
  actions: ComponentActions;
}) {
  const { component: c, actions } = props;
  const TypeIcon = TYPE_ICONS[c.componentType];
  return (
    <SortableItem
      id={c.id}
      index={props.index}
      name={c.name}
      testId={`component-${c.slug}`}
      first={props.index === 0}
      last={props.last}
      onMove={(by) => actions.move(c, by)}
      onEdit={() => actions.edit(c)}
      onDelete={c.fallbackFor.length === 0 ? () => actions.remove(c) : undefined}
      align="flex-start"
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge
            variant="light"
            color={TYPE_COLORS[c.componentType]}
            leftSection={<TypeIcon size={12} />}
            className={classes.badge}
          >
            {typeLabel(c.componentType)}
          </Badge>
          {c.componentType === 'segmented lesson' ? (
            <Anchor component={Link} to={actions.lessonPath(c)} size="sm" fw={500} className={classes.name}>
              {c.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500} className={classes.name}>
              {c.name}
            </Text>
          )}
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
    </SortableItem>
  );
}
