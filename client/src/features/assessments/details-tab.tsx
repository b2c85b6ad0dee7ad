import { Card, Stack, Text, TextInput } from '@mantine/core';
import { AssessmentPatch, type Assessment } from '@app/contract';
import { ShortForm, useEntityForm } from '../../components/form-kit';
import { RichTextEditor } from '../../components/rich-text';
import { assessmentsArea, SAVE_META } from './api';
import { useMay } from '../../api/permissions';

/**
 * Assessment Details: the title and the rich-text introduction learners read before the first question.
 * One Save for both (the editor hands over its document 300 ms after the last keystroke), so a half-typed
 * introduction is never published on its own. Read-only for an account that may not write assessments.
 */
export default function DetailsTab({ assessment }: { assessment: Assessment }) {
  const save = assessmentsArea.useSave(SAVE_META);
  const mayWrite = useMay('write');
  const form = useEntityForm({
    schema: AssessmentPatch,
    initialValues: { title: assessment.title, introduction: assessment.introduction },
    id: assessment.id,
    update: save.update,
  });
  const introductionError =
    form.errors.introduction ?? Object.entries(form.errors).find(([k]) => k.startsWith('introduction.'))?.[1];
  return (
    <Card withBorder radius="md" padding="lg" maw={960}>
      <ShortForm onSubmit={form.submit} pending={form.saving}>
        <TextInput label="Title" withAsterisk maxLength={254} {...form.getInputProps('title')} />
        <Stack gap={4}>
          <RichTextEditor
            key={assessment.id}
            label="Introduction"
            value={assessment.introduction}
            readOnly={!mayWrite}
            onChange={(doc) => form.setValue('introduction', doc)}
          />
          <Text size="xs" c="dimmed">
            What learners read before the first question. Type / for headings, lists, images and videos.
          </Text>
          {introductionError && (
            <Text size="xs" c="red" role="alert">
              {introductionError}
            </Text>
          )}
        </Stack>
      </ShortForm>
    </Card>
  );
}
