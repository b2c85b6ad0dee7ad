import { ActionIcon, Button, Paper, Select, Stack, Text, TextInput, Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUESTION_LIMITS } from '@app/contract';
import type { EntityFormState } from '../form-kit';
import { blankStatement, type ChoiceRow, type QuestionKind } from './kinds';

type Statement = { id?: number; statement: string; feedback: string | null; answerText: string | null };

/**
 * A matcher's statements, each matched to one answer: the choice is limited to the non-empty answers
 * entered above (spec 03 §5).
 */
export function StatementRows({ kind, form }: { kind: QuestionKind; form: EntityFormState<Record<string, any>> }) {
  const rows = (form.values.statements ?? []) as Statement[];
  const answers = [...new Set(((form.values[kind.choices.key] ?? []) as ChoiceRow[]).map((a) => String(a[kind.choices.field] ?? '').trim()).filter(Boolean))];
  const setRows = (next: Statement[]) => form.setValue('statements', next);
  const setField = (i: number, patch: Partial<Statement>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const listError = form.getInputProps('statements').error;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Statements
      </Text>
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          <Paper key={i} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={`Statement ${n}`}
                  withAsterisk
                  maxLength={QUESTION_LIMITS.answer}
                  value={row.statement ?? ''}
                  error={form.getInputProps(`statements.${i}.statement`).error}
                  onChange={(e) => setField(i, { statement: e.currentTarget.value })}
                />
                <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove statement ${n}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
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
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setRows([...rows, blankStatement()])}>
          Add Statement
        </Button>
      </Group>
    </Stack>
  );
}
