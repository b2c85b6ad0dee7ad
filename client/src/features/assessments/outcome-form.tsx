import { Textarea, TextInput } from '@mantine/core';
import { OutcomeInput, type AssessmentOutcome } from '@app/contract';
import { EntityForm, FormDrawer, useEntityForm } from '../../components/form-kit';
import { useSaveOutcome } from './api';

function OutcomeForm({
  assessmentId,
  outcome,
  onDone,
}: {
  assessmentId: number;
  outcome?: AssessmentOutcome;
  onDone: () => void;
}) {
  const save = useSaveOutcome(assessmentId);
  const initialValues = { title: outcome?.title ?? '', description: outcome?.description ?? '' };
  const form = useEntityForm({ schema: OutcomeInput, initialValues, id: outcome?.id, ...save, onSaved: onDone });
  return (
    <EntityForm form={form} onCancel={onDone}>
      <TextInput
        label="Title"
        withAsterisk
        data-autofocus
        maxLength={254}
        description="The type a learner comes out as, e.g. Visionary"
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        description="What learners with this outcome read about it (optional)"
        rows={4}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
    </EntityForm>
  );
}

/** What the outcome drawer shows: a new outcome, or the one being edited; null when closed. */
export type OutcomeTarget = { outcome?: AssessmentOutcome } | null;

/** The Add/Edit Outcome side panel. */
export function OutcomeDrawer({
  assessmentId,
  target,
  onClose,
}: {
  assessmentId: number;
  target: OutcomeTarget;
  onClose: () => void;
}) {
  return (
    <FormDrawer opened={target !== null} onClose={onClose} title={target?.outcome ? 'Edit Outcome' : 'Add Outcome'}>
      {target && (
        <OutcomeForm
          key={target.outcome?.id ?? 'new'}
          assessmentId={assessmentId}
          outcome={target.outcome}
          onDone={onClose}
        />
      )}
    </FormDrawer>
  );
}
