import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUESTION_LIMITS, type QuestionType } from '@app/contract';
import type { EntityFormState } from '../form-kit';
import { blankChoice, type ChoiceRow, type QuestionKind } from './kinds';

type Form = EntityFormState<Record<string, any>>;

/**
 * The answers (quiz) or options (survey) of a question, in order. In a single-select quiz question,
 * marking one answer correct clears the others (spec 03 §4); multi select marks any number. Renaming an
 * answer carries matcher statements that chose it along.
 */
export function ChoiceRows({ kind, form, type }: { kind: QuestionKind; form: Form; type: QuestionType }) {
  const { key, field, label, plural } = kind.choices;
  const rows = (form.values[key] ?? []) as ChoiceRow[];
  const withCorrect = kind.choices.correct && (type === 'single select' || type === 'multi select');
  // A matcher's feedback belongs to its statements: its answers are only the choices.
  const withFeedback = kind.choices.feedback && type !== 'matcher';
  const setRows = (next: ChoiceRow[]) => form.setValue(key, next);

  const setText = (i: number, text: string) => {
    const old = String(rows[i]![field] ?? '');
    setRows(rows.map((r, j) => (j === i ? { ...r, [field]: text } : r)));
    const statements = form.values.statements as Array<{ answerText: string }> | undefined;
    if (kind.statements && old.trim() && statements?.some((s) => s.answerText === old.trim())) {
      form.setValue('statements', statements.map((s) => (s.answerText === old.trim() ? { ...s, answerText: text.trim() } : s)));
    }
  };
  const setCorrect = (i: number, correct: boolean) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, correct } : type === 'single select' && correct ? { ...r, correct: false } : r)));

  const listError = form.getInputProps(key).error;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {label}s
      </Text>
      {type === 'sort' && (
        <Text size="xs" c="dimmed">
          {kind.choices.correct ? 'Enter the answers in their correct order.' : 'Learners put the options in their own order.'}
        </Text>
      )}
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          <Paper key={i} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={`${label} ${n}`}
                  withAsterisk
                  maxLength={QUESTION_LIMITS.answer}
                  value={String(row[field] ?? '')}
                  error={form.getInputProps(`${key}.${i}.${field}`).error}
                  onChange={(e) => setText(i, e.currentTarget.value)}
                />
                <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove ${label.toLowerCase()} ${n}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {withCorrect && (
                <Checkbox label="Correct" checked={!!row.correct} aria-label={`${label} ${n} is correct`} onChange={(e) => setCorrect(i, e.currentTarget.checked)} />
              )}
              {withFeedback && (
                <TextInput
                  label="Feedback"
                  aria-label={`Feedback for ${label.toLowerCase()} ${n}`}
                  description="Optional: shown to the learner after answering"
                  maxLength={QUESTION_LIMITS.feedback}
                  value={String(row.feedback ?? '')}
                  error={form.getInputProps(`${key}.${i}.feedback`).error}
                  onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, feedback: e.currentTarget.value } : r)))}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setRows([...rows, blankChoice(kind)])}>
          Add {label}
        </Button>
        {rows.length === 0 && (
          <Text size="xs" c="dimmed">
            No {plural} yet
          </Text>
        )}
      </Group>
    </Stack>
  );
}
