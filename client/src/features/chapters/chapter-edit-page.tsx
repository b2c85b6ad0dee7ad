import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { LoadedEntity } from '../../components/form-kit';
import { chaptersArea } from './api';
import { ChapterForm } from './chapter-form';

function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap={4}>
      <Anchor component={Link} to="/admin/chapters" size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          Chapters
        </Group>
      </Anchor>
      <Title order={2}>{title}</Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
  );
}

/** Save and Cancel both return to the list (spec 01 §2). */
function useBackToList() {
  const navigate = useNavigate();
  return () => void navigate({ to: '/admin/chapters' });
}

/** /admin/chapters/new */
export function NewChapterPage() {
  const back = useBackToList();
  return (
    <Stack gap="lg">
      <PageHeader title="Add Chapter" />
      <ChapterForm onDone={back} />
    </Stack>
  );
}

/** /admin/chapters/{chapterId}/edit */
export function EditChapterPage({ chapterId }: { chapterId: number }) {
  const back = useBackToList();
  const result = chaptersArea.useDetail(chapterId);
  return (
    <Stack gap="lg">
      <PageHeader title="Edit Chapter" subtitle={result.data?.body.name} />
      <LoadedEntity result={result}>{(chapter) => <ChapterForm key={chapter.id} chapter={chapter} onDone={back} />}</LoadedEntity>
    </Stack>
  );
}
