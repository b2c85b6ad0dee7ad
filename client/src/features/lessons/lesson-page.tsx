import { useState } from 'react';
import { Badge, Button, Card, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { LESSON_MESSAGES, type Lesson, type LessonSegment } from '@app/contract';
import { confirmDelete } from '../../components/confirm-delete';
import { LoadedEntity } from '../../components/form-kit/form-drawer';
import { useLesson, useRemoveSegment, useReorderSegments } from './api';
import { moveItem } from './order';
import { SegmentDrawer, type SegmentTarget } from './segment-drawer';
import { SegmentList } from './segment-list';
import classes from './lessons.module.css';
import { BackLink } from '../../components/back-link';
import { useCrumbLabel } from '../../components/shell/crumb-labels';
import { useMay } from '../../api/permissions';

const routeApi = getRouteApi('/admin/learning/programs/$programSlug/lessons/$lessonSlug');

/** /admin/learning/programs/{programSlug}/lessons/{lessonSlug}: a segmented lesson's segments and details. */
export function LessonPage() {
  const { programSlug, lessonSlug } = routeApi.useParams();
  return (
    <LoadedEntity result={useLesson(programSlug, lessonSlug)}>
      {(lesson) => <LessonView lesson={lesson} />}
    </LoadedEntity>
  );
}

function LessonView({ lesson }: { lesson: Lesson }) {
  const [target, setTarget] = useState<SegmentTarget | null>(null);
  // The order shown: moved at once on drop, put back when saving it fails, replaced by the next answer.
  const [moved, setMoved] = useState<{ base: LessonSegment[]; order: LessonSegment[] } | null>(null);
  const segments = moved && moved.base === lesson.segments ? moved.order : lesson.segments;
  const reorder = useReorderSegments(lesson.id);
  const { remove } = useRemoveSegment();
  const mayWrite = useMay('write');
  const programPath = `/admin/learning/programs/${lesson.programSlug}`;
  useCrumbLabel(programPath, lesson.programName);
  useCrumbLabel(`${programPath}/lessons/${lesson.slug}`, lesson.name);

  const actions = {
    edit: (segment: LessonSegment) => setTarget({ segment }),
    remove: (segment: LessonSegment) =>
      confirmDelete(
        'Delete Lesson Segment',
        <>Are you sure you want to delete the segment "{segment.name}"? This action cannot be undone.</>,
        () => remove(segment),
      ),
    move: (from: number, to: number) => {
      const next = moveItem(segments, from, to);
      if (!next) return;
      setMoved({ base: lesson.segments, order: next });
      reorder(
        next.map((s) => s.id),
        () => setMoved(null),
      );
    },
  };

  return (
    <Stack gap="md">
      <BackLink to={`/admin/learning/programs/${lesson.programSlug}`} label="Back to Program" dimmed={false} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div className={classes.titleBlock}>
          <Title order={2} className={classes.name}>
            {lesson.name}
          </Title>
          <Text size="sm" c="dimmed" className={classes.name}>
            Segmented lesson in {lesson.programName}
          </Text>
        </div>
        {mayWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({})}>
            Add Lesson Segment
          </Button>
        )}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          {segments.length === 0 ? (
            <Paper withBorder p="xl">
              <Stack align="center" gap="sm">
                <Text c="dimmed">{LESSON_MESSAGES.empty}</Text>
                {mayWrite && (
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setTarget({})}>
                    Add Lesson Segment
                  </Button>
                )}
              </Stack>
            </Paper>
          ) : (
            <SegmentList segments={segments} actions={actions} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <LessonDetails lesson={lesson} />
        </Grid.Col>
      </Grid>
      <SegmentDrawer componentId={lesson.id} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

/** The details card: lesson name, XP and its learning XP kinds ('name - N xp', as on the syllabus). */
function LessonDetails({ lesson }: { lesson: Lesson }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Details
        </Title>
        <div>
          <Text size="xs" c="dimmed">
            Lesson name
          </Text>
          <Text fw={500} className={classes.name}>
            {lesson.name}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Learning XP
          </Text>
          {lesson.learningXps.length ? (
            <Group gap={4} wrap="wrap" mt={4}>
              {lesson.learningXps.map((x) => (
                <Badge
                  key={x.id}
                  variant="outline"
                  className={classes.badge}
                  classNames={{ label: classes.badgeLabel }}
                >
                  {`${x.name} - ${lesson.xp} xp`}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text>{`${lesson.xp} xp`}</Text>
          )}
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Segments
          </Text>
          <Text>{lesson.segments.length}</Text>
        </div>
      </Stack>
    </Card>
  );
}
