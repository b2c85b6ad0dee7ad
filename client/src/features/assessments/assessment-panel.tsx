import { TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { AssessmentInput, type Assessment } from '@app/contract';
import { EntityForm, EntityPanel, useEntityForm, type EditPanel } from '../../components/form-kit';
import { assessmentsArea, SAVE_META } from './api';

/** The title form: a new assessment opens on its detail, where outcomes, questions and scores are added. */
function AssessmentTitleForm({ assessment, onDone }: { assessment?: Assessment; onDone: () => void }) {
  const save = assessmentsArea.useSave(SAVE_META);
  const navigate = useNavigate();
  const onSaved = (result: unknown) => {
    const created = (result as { body?: { id?: number } }).body?.id;
    if (assessment || created === undefined) return onDone();
    void navigate({ to: '/admin/learning/assessments/$assessmentId', params: { assessmentId: String(created) } });
  };
  const form = useEntityForm({
    schema: AssessmentInput,
    initialValues: { title: assessment?.title ?? '' },
    id: assessment?.id,
    ...save,
    onSaved,
  });
  return (
    <EntityForm form={form} onCancel={onDone}>
      <TextInput
        label="Title"
        withAsterisk
        data-autofocus
        maxLength={254}
        description="Outcomes, questions and the introduction are added on the next screen"
        {...form.getInputProps('title')}
      />
    </EntityForm>
  );
}

/** The Add/Edit Assessment side sheet: its own chunk, loaded when it first opens. */
export default function AssessmentPanel({ panel }: { panel: EditPanel }) {
  return (
    <EntityPanel panel={panel} noun="Assessment" useDetail={assessmentsArea.useDetail}>
      {(assessment, onDone) => <AssessmentTitleForm assessment={assessment} onDone={onDone} />}
    </EntityPanel>
  );
}
