import { useNavigate } from '@tanstack/react-router';
import { AssessmentInput, type Assessment } from '@app/contract';
import { EntityPanel, useEntityForm, type EditPanel } from '../../components/form-kit';
import { NamedForm } from '../../components/form-kit/named-form';
import { createdId } from '../../components/form-kit/record-page';
import { assessmentsArea, SAVE_META, TITLE_FIELD } from './api';

/** The title form: a new assessment opens on its detail, where outcomes, questions and scores are added. */
function AssessmentTitleForm({ assessment, onDone }: { assessment?: Assessment; onDone: () => void }) {
  const save = assessmentsArea.useSave(SAVE_META);
  const navigate = useNavigate();
  const onSaved = (result: unknown) => {
    const created = createdId(result);
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
    <NamedForm
      form={form}
      onDone={onDone}
      {...TITLE_FIELD}
      description="Outcomes, questions and the introduction are added on the next screen"
    />
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
