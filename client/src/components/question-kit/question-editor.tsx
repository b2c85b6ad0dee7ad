import { Badge, Group, Textarea, TextInput } from '@mantine/core';
import { QUESTION_LIMITS, type QuestionType } from '@app/contract';
import { EntityForm, FormDrawer, NullableNumberInput, useEntityForm, type EntityId } from '../form-kit';
import { ChoiceRows } from './choice-rows';
import { blankQuestion, typeLabel, type KitQuestion, type QuestionKind } from './kinds';
import { StatementRows } from './statement-rows';

export type QuestionSave = {
  create: (body: any) => Promise<unknown>;
  update: (questionId: EntityId, body: any) => Promise<unknown>;
};

/** What the editor is open on: a new question of a type, or an existing one. */
export type EditorTarget = { type: QuestionType; question?: KitQuestion };

function QuestionForm({
  kind,
  target,
  save,
  onDone,
}: {
  kind: QuestionKind;
  target: EditorTarget;
  save: QuestionSave;
  onDone: () => void;
}) {
  const { type, question } = target;
  const form = useEntityForm<Record<string, any>, unknown>({
    schema: kind.schema,
    initialValues: question?.values ?? blankQuestion(kind, type),
    id: question?.id,
    create: save.create,
    update: save.update,
    onSaved: onDone,
  });
  return (
    <EntityForm form={form} onCancel={onDone} lockFields>
      <Group gap="xs">
        <Badge variant="light">{typeLabel(type)}</Badge>
      </Group>
      <Textarea
        label="Question"
        withAsterisk
        data-autofocus
        rows={3}
        maxLength={QUESTION_LIMITS.question}
        {...form.getInputProps('question')}
      />
      {kind.category && (
        <TextInput
          label="Category"
          description="Optional: groups answers in reports"
          maxLength={QUESTION_LIMITS.category}
          {...form.getInputProps('category')}
        />
      )}
      {type === 'multi select' && (
        <NullableNumberInput
          label={kind.max.label}
          description="Leave blank for no limit"
          min={1}
          {...form.getInputProps(kind.max.key)}
        />
      )}
      {type !== 'open ended' && <ChoiceRows kind={kind} form={form} type={type} />}
      {kind.statements && type === 'matcher' && <StatementRows kind={kind} form={form} />}
    </EntityForm>
  );
}

/**
 * The side panel that adds or edits one question of a quiz or survey, with the rules of spec 03 §4/§5
 * checked by the contract's schema before the save.
 */
export function QuestionEditor({
  kind,
  target,
  save,
  onClose,
}: {
  kind: QuestionKind;
  target: EditorTarget | null;
  save: QuestionSave;
  onClose: () => void;
}) {
  return (
    <FormDrawer opened={target !== null} onClose={onClose} title={target?.question ? 'Edit Question' : 'Add Question'}>
      {target && (
        <QuestionForm
          key={target.question?.id ?? `new-${target.type}`}
          kind={kind}
          target={target}
          save={save}
          onDone={onClose}
        />
      )}
    </FormDrawer>
  );
}
