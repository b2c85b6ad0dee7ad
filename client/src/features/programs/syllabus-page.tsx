import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  PROGRAM_MESSAGES,
  type ComponentType,
  type ProgramComponent,
  type ProgramDetail,
  type ProgramSection,
} from '@app/contract';
import { confirmDelete } from '../../components/confirm-delete';
import { LoadedEntity } from '../../components/form-kit/form-drawer';
import { useReorderComponents, useRemoveComponent, useRemoveSection, useSyllabus } from './api';
import { ComponentDialog, type ComponentTarget } from './component-dialog';
import { moveComponent, type Move } from './order';
import { SectionCard } from './section-card';
import { SectionDialog } from './section-dialog';
import { BackLink } from '../../components/back-link';
import { useCrumbLabel } from '../../components/shell/crumb-labels';
import { useMay } from '../../api/permissions';

const routeApi = getRouteApi('/admin/learning/programs/$programSlug');

/** /admin/learning/programs/{programSlug}: the syllabus. */
export function SyllabusPage() {
  const { programSlug } = routeApi.useParams();
  return <LoadedEntity result={useSyllabus(programSlug)}>{(program) => <Syllabus program={program} />}</LoadedEntity>;
}

function Syllabus({ program }: { program: ProgramDetail }) {
  const navigate = useNavigate();
  const [sectionDialog, setSectionDialog] = useState<{ section?: ProgramSection } | null>(null);
  const [componentTarget, setComponentTarget] = useState<ComponentTarget | null>(null);
  const removeSection = useRemoveSection();
  const removeComponent = useRemoveComponent();
  const reorder = useReorderComponents(program.id, program.slug);
  const mayWrite = useMay('write');
  useCrumbLabel(`/admin/learning/programs/${program.slug}`, program.name);

  const save = (move: Move) => {
    const next = moveComponent(program, move);
    if (next) reorder({ sectionId: next.sectionId, entityIds: next.entityIds }, next.program);
  };
  const onDragEnd = (r: DropResult) => {
    if (!r.destination) return;
    save({
      fromSectionId: Number(r.source.droppableId),
      fromIndex: r.source.index,
      toSectionId: Number(r.destination.droppableId),
      toIndex: r.destination.index,
    });
  };

  const lessonPath = (c: ProgramComponent) => `/admin/learning/programs/${program.slug}/lessons/${c.slug}`;
  const componentActions = {
    lessonPath,
    edit: (c: ProgramComponent) => {
      if (c.componentType === 'segmented lesson') void navigate({ to: lessonPath(c) });
      else setComponentTarget({ sectionId: c.sectionId, type: c.componentType, id: c.id });
    },
    remove: (c: ProgramComponent) =>
      confirmDelete(
        'Delete Component',
        <>Are you sure you want to delete the component "{c.name}"? This action cannot be undone.</>,
        () => removeComponent(c.id),
      ),
    move: (c: ProgramComponent, by: -1 | 1) =>
      save({ fromSectionId: c.sectionId, fromIndex: c.index, toSectionId: c.sectionId, toIndex: c.index + by }),
  };
  const sectionActions = {
    edit: (section: ProgramSection) => setSectionDialog({ section }),
    remove: (section: ProgramSection) =>
      confirmDelete(
        'Delete Section',
        <>Are you sure you want to delete the section "{section.name}"? This action cannot be undone.</>,
        () => removeSection(section.id),
      ),
    add: (section: ProgramSection, type: ComponentType) => setComponentTarget({ sectionId: section.id, type }),
  };

  return (
    <Stack gap="md">
      <BackLink to="/admin/learning/programs" label="Programs" dimmed={false} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2}>{program.name}</Title>
          {program.summary && (
            <Text size="sm" c="dimmed">
              {program.summary}
            </Text>
          )}
        </div>
        <Group gap="sm">
          {/* The member's view of this program (the learner API), as staff preview it. */}
          <Button
            component={Link}
            to={`/member/programs/${program.slug}`}
            variant="default"
            leftSection={<IconEye size={16} />}
          >
            Preview as learner
          </Button>
          {mayWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setSectionDialog({})}>
              Add Section
            </Button>
          )}
        </Group>
      </Group>
      {program.sections.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed">{PROGRAM_MESSAGES.emptySyllabus}</Text>
            {mayWrite && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setSectionDialog({})}>
                Add Section
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <DragDropContext onDragEnd={onDragEnd}>
          <Stack gap="md">
            {program.sections.map((section, i) => (
              <SectionCard
                key={section.id}
                section={section}
                position={i + 1}
                actions={sectionActions}
                componentActions={componentActions}
              />
            ))}
          </Stack>
        </DragDropContext>
      )}
      {sectionDialog && (
        <SectionDialog programId={program.id} section={sectionDialog.section} onClose={() => setSectionDialog(null)} />
      )}
      {componentTarget && (
        <ComponentDialog program={program} target={componentTarget} onClose={() => setComponentTarget(null)} />
      )}
    </Stack>
  );
}
