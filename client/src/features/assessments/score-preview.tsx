import { useState } from 'react';
import { Badge, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { scoreAssessment, type Assessment, type ScoreDecision } from '@app/contract';

const EXPLAIN: Record<ScoreDecision, string> = {
  score: 'highest total',
  'tie-breaker': 'tie broken by the tie-breaker question',
  'lowest id': 'still tied: the outcome added first',
  'no outcomes': 'no outcomes yet',
};

/**
 * Pick answers, see the outcome: the same scoring function the learner API uses (contract/src/common/scoring.ts),
 * over the matrix as shown (unsaved edits included).
 */
export function ScorePreview({ assessment }: { assessment: Assessment }) {
  const [chosen, setChosen] = useState<Record<number, string[]>>({});
  const answerIds = Object.values(chosen).flat().map(Number);
  const result = scoreAssessment(assessment, answerIds);
  const title = new Map(assessment.outcomes.map((o) => [o.id, o.title]));
  const isResult = (outcomeId: number) => answerIds.length > 0 && outcomeId === result.outcomeId;
  const pick = (questionId: number, ids: string[]) => setChosen((c) => ({ ...c, [questionId]: ids }));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Preview">
      <Title order={3} size="h5" mb={4}>
        Preview
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Pick answers to see which outcome a learner would get.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {assessment.questions.map((q) => {
          const data = q.answers.map((a) => ({ value: String(a.id), label: a.answer }));
          const label = `${q.index + 1}. ${q.question}`;
          return q.type === 'multi select' ? (
            <MultiSelect
              key={q.id}
              label={label}
              data={data}
              value={chosen[q.id] ?? []}
              onChange={(v) => pick(q.id, v)}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Select
              key={q.id}
              label={label}
              data={data}
              value={chosen[q.id]?.[0] ?? null}
              onChange={(v) => pick(q.id, v ? [v] : [])}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
      </SimpleGrid>
      <Stack gap={6} mt="md" role="status" aria-live="polite">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Result:
          </Text>
          <Text size="sm" fw={700} data-testid="preview-outcome">
            {!answerIds.length ? '—' : result.outcomeId === null ? 'No outcome' : title.get(result.outcomeId)}
          </Text>
          <Text size="xs" c="dimmed">
            ({answerIds.length ? EXPLAIN[result.decidedBy] : 'no answers picked yet'})
          </Text>
        </Group>
        <Group gap={6}>
          {result.totals.map((t) => (
            <Badge
              key={t.outcomeId}
              variant={isResult(t.outcomeId) ? 'filled' : 'light'}
              color={isResult(t.outcomeId) ? 'teal.9' : 'teal'}
              tt="none"
            >
              {title.get(t.outcomeId)}: {t.total}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
