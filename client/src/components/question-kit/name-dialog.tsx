import { Modal, TextInput } from '@mantine/core';
import { QuestionnaireInput, QUESTION_LIMITS } from '@app/contract';
import { ShortForm, useEntityForm, type EntityId } from '../form-kit';

export type NameSave = {
  create?: (body: { name: string }) => Promise<unknown>;
  update: (id: EntityId, body: { name: string }) => Promise<unknown>;
};

/**
 * Create or rename a quiz or survey: one Name field (3 to 254 characters, spec 03 §5). `id` present:
 * rename it; absent: create one. `onSaved` gets the saved body (its `id`).
 * @example <NameDialog title="Create Quiz" save={quizzesArea.useSave()} onClose={close} onSaved={(quiz) => open(quiz.id)} />
 */
export function NameDialog(props: {
  title: string;
  id?: number;
  name?: string;
  save: NameSave;
  onClose: () => void;
  onSaved?: (saved: { id: number }) => void;
}) {
  const form = useEntityForm({
    schema: QuestionnaireInput,
    initialValues: { name: props.name ?? '' },
    id: props.id,
    create: props.save.create,
    update: props.save.update,
    onSaved: (result) => {
      props.onClose();
      const body = (result as { body?: { id: number } } | undefined)?.body;
      if (body) props.onSaved?.(body);
    },
  });
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      {/* A short form: the drawer's full-height EntityForm layout does not fit a dialog. */}
      <ShortForm onSubmit={form.submit} pending={form.saving} onCancel={props.onClose}>
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          maxLength={QUESTION_LIMITS.name}
          {...form.getInputProps('name')}
        />
      </ShortForm>
    </Modal>
  );
}
