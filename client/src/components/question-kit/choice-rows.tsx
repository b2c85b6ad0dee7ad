import { Checkbox, TextInput } from '@mantine/core';
import { QUESTION_LIMITS, type QuestionType } from '@app/contract';
import type { EntityFormState } from '../form-kit';
import { blankChoice, type ChoiceRow, type QuestionKind } from './kinds';
import { RowCards, RowHead } from './row-cards';

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
      form.setValue(
        'statements',
        statements.map((s) => (s.answerText === old.trim() ? { ...s, answerText: text.trim() } : s)),
      );
    }
  };
  const setCorrect = (i: number, correct: boolean) =>
    setRows(
      rows.map((r, j) =>
        j === i ? { ...r, correct } : type === 'single select' && correct ? { ...r, correct: false } : r,
      ),
    );

  return (
    <RowCards
      title={`${label}s`}
      hint={
        type === 'sort'
          ? kind.choices.correct
            ? 'Enter the answers in their correct order.'
            : 'Learners put the options in their own order.'
          : undefined
      }
      rows={rows}
      error={form.getInputProps(key).error}
      addLabel={`Add ${label}`}
      onAdd={() => setRows([...rows, blankChoice(kind)])}
      emptyText={`No ${plural} yet`}
    >
      {(row, i, n) => (
        <>
          <RowHead
            label={`${label} ${n}`}
            maxLength={QUESTION_LIMITS.answer}
            value={String(row[field] ?? '')}
            error={form.getInputProps(`${key}.${i}.${field}`).error}
            onChange={(text) => setText(i, text)}
            removeLabel={`Remove ${label.toLowerCase()} ${n}`}
            onRemove={() => setRows(rows.filter((_, j) => j !== i))}
          />
          {withCorrect && (
            <Checkbox
              label="Correct"
              checked={!!row.correct}
              aria-label={`${label} ${n} is correct`}
              onChange={(e) => setCorrect(i, e.currentTarget.checked)}
            />
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
        </>
      )}
    </RowCards>
  );
}
