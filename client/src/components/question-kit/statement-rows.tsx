import { Select, TextInput } from '@mantine/core';
import { QUESTION_LIMITS } from '@app/contract';
import type { EntityFormState } from '../form-kit';
import { blankStatement, type ChoiceRow, type QuestionKind } from './kinds';
import { RowCards, RowHead } from './row-cards';

type Statement = { id?: number; statement: string; feedback: string | null; answerText: string | null };

/**
 * A matcher's statements, each matched to one answer: the choice is limited to the non-empty answers
 * entered above (spec 03 §5).
 */
export function StatementRows({ kind, form }: { kind: QuestionKind; form: EntityFormState<Record<string, any>> }) {
  const rows = (form.values.statements ?? []) as Statement[];
  const answers = [
    ...new Set(
      ((form.values[kind.choices.key] ?? []) as ChoiceRow[])
        .map((a) => String(a[kind.choices.field] ?? '').trim())
        .filter(Boolean),
    ),
  ];
  const setRows = (next: Statement[]) => form.setValue('statements', next);
  const setField = (i: number, patch: Partial<Statement>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <RowCards
      title="Statements"
      rows={rows}
      error={form.getInputProps('statements').error}
      addLabel="Add Statement"
      onAdd={() => setRows([...rows, blankStatement()])}
    >
      {(row, i, n) => (
        <>
          <RowHead
            label={`Statement ${n}`}
            maxLength={QUESTION_LIMITS.answer}
            value={row.statement ?? ''}
            error={form.getInputProps(`statements.${i}.statement`).error}
            onChange={(statement) => setField(i, { statement })}
            removeLabel={`Remove statement ${n}`}
            onRemove={() => setRows(rows.filter((_, j) => j !== i))}
          />
          <Select
            label="Matching answer"
            aria-label={`Matching answer for statement ${n}`}
            withAsterisk
            placeholder={answers.length ? 'Choose an answer' : 'Enter the answers first'}
            data={answers}
            value={row.answerText && answers.includes(row.answerText) ? row.answerText : null}
            error={form.getInputProps(`statements.${i}.answerText`).error}
            onChange={(v) => setField(i, { answerText: v ?? '' })}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Feedback"
            aria-label={`Feedback for statement ${n}`}
            description="Optional"
            maxLength={QUESTION_LIMITS.feedback}
            value={row.feedback ?? ''}
            error={form.getInputProps(`statements.${i}.feedback`).error}
            onChange={(e) => setField(i, { feedback: e.currentTarget.value })}
          />
        </>
      )}
    </RowCards>
  );
}
