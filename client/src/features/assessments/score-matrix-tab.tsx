import { Fragment, useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { IconAdjustments, IconInfoCircle } from '@tabler/icons-react';
import { MAX_ASSESSMENT_SCORE, type Assessment } from '@app/contract';
import { useSaveScores } from './api';
import { cellKey, gridOf, scoresBody, withGrid, type ScoreGrid } from './score-grid';
import { ScorePreview } from './score-preview';
import { useMay } from '../../api/permissions';

/** Score Matrix: answers by outcomes (up to 12 columns: the answer and 11 outcomes), 'Manage Scores', the tie-breaker, a preview. */
export default function ScoreMatrixTab({ assessment }: { assessment: Assessment }) {
  const [editing, setEditing] = useState(false);
  const [grid, setGrid] = useState<ScoreGrid>(() => gridOf(assessment));
  const [tieBreaker, setTieBreaker] = useState<string | null>(
    assessment.tieBreakerQuestion ? String(assessment.tieBreakerQuestion.id) : null,
  );
  const { save, isPending } = useSaveScores(assessment.id);
  const mayWrite = useMay('write');
  const { outcomes, questions } = assessment;

  if (!outcomes.length || !questions.length) {
    return (
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        Add outcomes and questions first: the matrix scores each answer for each outcome.
      </Alert>
    );
  }

  const shown = editing ? grid : gridOf(assessment);
  const start = () => {
    setGrid(gridOf(assessment));
    setTieBreaker(assessment.tieBreakerQuestion ? String(assessment.tieBreakerQuestion.id) : null);
    setEditing(true);
  };
  const submit = async () => {
    try {
      await save(scoresBody(assessment, grid, tieBreaker ? Number(tieBreaker) : null));
      setEditing(false);
    } catch {
      // The query client shows the failure; the edits stay for another try.
    }
  };
  const tieBreakerQuestion = questions.find((q) => q.id === assessment.tieBreakerQuestion?.id);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {editing ? (
          <Select
            label="Tie-breaker question"
            description="Settles a tie between top outcomes"
            placeholder="None"
            clearable
            data={questions.map((q) => ({ value: String(q.id), label: `${q.index + 1}. ${q.question}` }))}
            value={tieBreaker}
            onChange={setTieBreaker}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', sm: 360 }}
          />
        ) : (
          <Text size="sm">
            <Text span c="dimmed">
              Tie-breaker question:{' '}
            </Text>
            {tieBreakerQuestion ? `${tieBreakerQuestion.index + 1}. ${tieBreakerQuestion.question}` : 'None'}
          </Text>
        )}
        {editing ? (
          <Group gap="sm">
            <Button variant="default" onClick={() => setEditing(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={isPending}>
              Save Scores
            </Button>
          </Group>
        ) : (
          mayWrite && (
            <Button leftSection={<IconAdjustments size={16} />} onClick={start}>
              Manage Scores
            </Button>
          )
        )}
      </Group>
      <Table.ScrollContainer
        minWidth={200 + outcomes.length * 110}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Score matrix"
      >
        <Table withTableBorder withColumnBorders striped={false} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={200}>Answer</Table.Th>
              {outcomes.map((o) => (
                <Table.Th key={o.id} ta="center" miw={100} style={{ overflowWrap: 'anywhere' }}>
                  {o.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {questions.map((q) => (
              <Fragment key={q.id}>
                <Table.Tr bg="var(--mantine-color-default-hover)">
                  <Table.Td colSpan={outcomes.length + 1}>
                    <Group gap="xs">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {q.index + 1}. {q.question}
                      </Text>
                      {assessment.tieBreakerQuestion?.id === q.id && (
                        <Badge size="xs" variant="light" color="orange">
                          Tie-breaker
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {q.answers.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {a.answer}
                      </Text>
                    </Table.Td>
                    {outcomes.map((o) => {
                      const key = cellKey(a.id, o.id);
                      const score = shown[key] ?? 0;
                      return (
                        <Table.Td key={o.id} ta="center">
                          {editing ? (
                            <NumberInput
                              aria-label={`Score of "${a.answer}" for ${o.title}`}
                              min={0}
                              max={MAX_ASSESSMENT_SCORE}
                              allowDecimal={false}
                              allowNegative={false}
                              clampBehavior="strict"
                              size="xs"
                              hideControls
                              value={score}
                              onChange={(v) =>
                                setGrid((g) => ({ ...g, [key]: typeof v === 'number' ? v : Number(v) || 0 }))
                              }
                              styles={{ input: { textAlign: 'center' } }}
                            />
                          ) : (
                            <Text
                              size="sm"
                              c={score ? undefined : 'dimmed'}
                              fw={score && a.outcomeId === o.id ? 700 : undefined}
                            >
                              {score}
                            </Text>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ScorePreview
        assessment={
          editing
            ? { ...withGrid(assessment, grid), tieBreakerQuestion: tieBreaker ? { id: Number(tieBreaker) } : null }
            : assessment
        }
      />
    </Stack>
  );
}
