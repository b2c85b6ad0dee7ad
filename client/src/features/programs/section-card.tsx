import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Droppable } from '@hello-pangea/dnd';
import { COMPONENT_GROUPS, COMPONENT_TYPE_DESCRIPTIONS, type ComponentType, type ProgramDetail } from '@app/contract';
import { ComponentRow, type ComponentActions } from './component-row';
import { TYPE_ICONS, typeLabel } from './component-types';
import classes from './syllabus.module.css';
import { useMay } from '../../api/permissions';

type Section = ProgramDetail['sections'][number];

export type SectionActions = {
  edit: (s: Section) => void;
  remove: (s: Section) => void;
  add: (s: Section, type: ComponentType) => void;
};

/** The 'Add Program Component' menu, grouped Content, AI, Interactive, Synchronous. */
function AddComponentMenu({ onPick }: { onPick: (type: ComponentType) => void }) {
  return (
    // Taller than most windows: the theme holds every menu to the room the window has.
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Add Program Component
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {COMPONENT_GROUPS.map((group) => (
          <div key={group.label}>
            <Menu.Label>{group.label}</Menu.Label>
            {group.types.map((type) => {
              const TypeIcon = TYPE_ICONS[type];
              return (
                <Menu.Item key={type} leftSection={<TypeIcon size={16} />} onClick={() => onPick(type)}>
                  <Text size="sm">{typeLabel(type)}</Text>
                  <Text size="xs" c="dimmed">
                    {COMPONENT_TYPE_DESCRIPTIONS[type]}
                  </Text>
                </Menu.Item>
              );
            })}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A section: position, name, description, its components (a drop target) and its actions. */
export function SectionCard(props: {
  section: Section;
  position: number;
  actions: SectionActions;
  componentActions: ComponentActions;
}) {
  const { section: s, actions } = props;
  const used = s.components.length > 0;
  const mayWrite = useMay('write');
  return (
    <Card withBorder padding="md" data-testid={`section-${s.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div className={classes.sectionTitle}>
            <Group gap="xs" wrap="wrap">
              <Badge variant="filled" color="gray" className={classes.badge}>
                {`Section ${props.position}`}
              </Badge>
              <Text fw={600} className={classes.name}>
                {s.name}
              </Text>
            </Group>
            {s.description && (
              <Text size="sm" c="dimmed" mt={4}>
                {s.description}
              </Text>
            )}
          </div>
          {mayWrite && (
            <Group gap={4} wrap="nowrap">
              <AddComponentMenu onPick={(type) => actions.add(s, type)} />
              <Tooltip label="Edit section">
                <ActionIcon variant="subtle" onClick={() => actions.edit(s)} aria-label={`Edit section ${s.name}`}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={used ? 'A section with components cannot be deleted' : 'Delete section'}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={used}
                  onClick={() => actions.remove(s)}
                  aria-label={`Delete section ${s.name}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        <Droppable droppableId={String(s.id)}>
          {(drop) => (
            <Stack gap="xs" ref={drop.innerRef} {...drop.droppableProps} className={classes.list}>
              {s.components.length === 0 && (
                <Text size="sm" c="dimmed">
                  {mayWrite
                    ? "No components yet: add one with 'Add Program Component', or drop one here."
                    : 'No components yet.'}
                </Text>
              )}
              {s.components.map((c, i) => (
                <ComponentRow
                  key={c.id}
                  component={c}
                  fallbackToName={c.calendarHasFallback ? c.fallbackToName : null}
                  index={i}
                  last={i === s.components.length - 1}
                  actions={props.componentActions}
                />
              ))}
              {drop.placeholder}
            </Stack>
          )}
        </Droppable>
      </Stack>
    </Card>
  );
}
