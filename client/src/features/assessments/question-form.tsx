import { ActionIcon, Button, Group, Select, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  INITIAL_ASSESSMENT_ANSWERS,
  MAX_ASSESSMENT_ANSWERS,
  QuestionInput,
  type AnswerInput,
  type Assessment,
  type AssessmentQuestion,
  type AssessmentQuestionType,
} from '@app/contract';
import { EntityForm, EnumSelect, FormDrawer, useEntityForm } from '../../components/form-kit';
import { useSaveQuestion } from './api';
import { TYPE_LABELS } from './question-type';

type Values = { question: string; type: AssessmentQuestionType; answers: AnswerInput[] };

const blank = (): AnswerInput => ({ answer: '', outcomeId: null });

/** A new question starts with 3 blank answers (spec 03 §5); an edited one with its own, each with its badge outcome. */
function valuesOf(question?: AssessmentQuestion): Values {
  if (!question)
    return { question: '', type: 'single select', answers: Array.from({ length: INITIAL_ASSESSMENT_ANSWERS }, blank) };
  return {
    question: question.question,
    type: question.type,
    answers: question.answers.map((a) => ({ id: a.id, answer: a.answer, outcomeId: a.outcomeId })),
  };
}

const typeOptions = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

function QuestionForm({
  assessment,
  question,
  onDone,
}: {
  assessment: Assessment;
  question?: AssessmentQuestion;
  onDone: () => void;
}) {
  const save = useSaveQuestion(assessment.id);
  const form = useEntityForm({
    schema: QuestionInput,
    initialValues: valuesOf(question),
    id: question?.id,
    ...save,
    onSaved: onDone,
  });
  const { answers } = form.values;
  // Read through getInputProps so the form counts the list's own error (e.g. 'Add at least 2 answers') as shown here.
  const answersError = form.getInputProps('answers').error;
  const outcomes = assessment.outcomes.map((o) => ({ value: String(o.id), label: o.title }));
  const setAnswers = (next: AnswerInput[]) => form.setValue('answers', next);
  // The kit's dotted paths write objects, not arrays: an answer is changed by replacing the list.
  const setAnswer = (i: number, change: Partial<AnswerInput>) =>
    setAnswers(answers.map((a, j) => (j === i ? { ...a, ...change } : a)));
  return (
    <EntityForm form={form} onCancel={onDone} lockFields>
      <Textarea
        label="Question"
        withAsterisk
        data-autofocus
        rows={3}
        maxLength={511}
        {...form.getInputProps('question')}
      />
      <EnumSelect
        label="Type"
        withAsterisk
        values={typeOptions}
        allowDeselect={false}
        {...form.getInputProps('type')}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Answers
        </Text>
        <Text size="xs" c="dimmed">
          {outcomes.length
            ? 'Choose the outcome each answer counts toward; fine-tune the points in the Score Matrix.'
            : 'Add outcomes first to say which outcome each answer counts toward.'}
        </Text>
        {answers.map((a, i) => (
          <Group key={a.id ?? `new-${i}`} gap="xs" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                aria-label={`Answer ${i + 1}`}
                placeholder={`Answer ${i + 1}`}
                maxLength={511}
                {...form.getInputProps(`answers.${i}.answer`)}
                value={a.answer}
                onChange={(e) => setAnswer(i, { answer: e.currentTarget.value })}
              />
              <Select
                aria-label={`Outcome of answer ${i + 1}`}
                placeholder="Counts toward…"
                data={outcomes}
                clearable
                disabled={!outcomes.length}
                comboboxProps={{ withinPortal: true }}
                value={a.outcomeId == null ? null : String(a.outcomeId)}
                error={form.getInputProps(`answers.${i}.outcomeId`).error}
                onChange={(v) => setAnswer(i, { outcomeId: v ? Number(v) : null })}
              />
            </Stack>
            <Tooltip label="Remove answer">
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={`Remove answer ${i + 1}`}
                onClick={() => setAnswers(answers.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {answersError && (
          <Text size="xs" c="red" role="alert">
            {answersError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={answers.length >= MAX_ASSESSMENT_ANSWERS}
            onClick={() => setAnswers([...answers, blank()])}
          >
            Add Answer
          </Button>
        </Group>
      </Stack>
    </EntityForm>
  );
}

/** What the question drawer shows: a new question, or the one being edited; null when closed. */
export type QuestionTarget = { question?: AssessmentQuestion } | null;

/** The Add/Edit Question side panel. */
export function QuestionDrawer({
  assessment,
  target,
  onClose,
}: {
  assessment: Assessment;
  target: QuestionTarget;
  onClose: () => void;
}) {
  return (
    <FormDrawer opened={target !== null} onClose={onClose} title={target?.question ? 'Edit Question' : 'Add Question'}>
      {target && (
        <QuestionForm
          key={target.question?.id ?? 'new'}
          assessment={assessment}
          question={target.question}
          onDone={onClose}
        />
      )}
    </FormDrawer>
  );
}
