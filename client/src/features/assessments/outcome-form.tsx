import { Textarea } from '@mantine/core';
import { OutcomeInput, type AssessmentOutcome } from '@app/contract';
import { FormDrawer, useEntityForm } from '../../components/form-kit';
import { NamedForm } from '../../components/form-kit/named-form';
import { TITLE_FIELD, useSaveOutcome } from './api';

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
    <NamedForm
      form={form}
      onDone={onDone}
      {...TITLE_FIELD}
      description="The type a learner comes out as, e.g. Visionary"
    >
      <Textarea
        label="Description"
        description="What learners with this outcome read about it (optional)"
        rows={4}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
    </NamedForm>
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
