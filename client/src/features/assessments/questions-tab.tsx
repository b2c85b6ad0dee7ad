import { useState } from 'react';
import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MAX_ASSESSMENT_QUESTIONS, type Assessment, type AssessmentQuestion } from '@app/contract';
import { confirmDelete } from '../../components/confirm-delete';
import { RowActions } from '../../components/list-kit';
import { useMay } from '../../api/permissions';
import { useRemoveQuestion } from './api';
import { QuestionDrawer, type QuestionTarget } from './question-form';
import { TYPE_LABELS } from './question-type';

const confirmDeleteQuestion = (question: AssessmentQuestion, remove: (id: number) => void) =>
  confirmDelete(
    'Delete Question',
    <>
      Are you sure you want to delete question {question.index + 1} with its answers and scores? This action cannot be
      undone.
    </>,
    () => remove(question.id),
  );

/**
 * Questions in order: type badge, answers each with a badge naming the outcome it scores highest; Add, Edit and
 * Delete only for accounts that may write assessments.
 */
export default function QuestionsTab({ assessment }: { assessment: Assessment }) {
  const [target, setTarget] = useState<QuestionTarget>(null);
  const remove = useRemoveQuestion(assessment.id);
  const outcomeTitle = new Map(assessment.outcomes.map((o) => [o.id, o.title]));
  const mayWrite = useMay('write');
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {assessment.questions.length} question{assessment.questions.length === 1 ? '' : 's'}
        </Text>
        {mayWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setTarget({})}
            disabled={assessment.questions.length >= MAX_ASSESSMENT_QUESTIONS}
          >
            Add Question
          </Button>
        )}
      </Group>
      {assessment.questions.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No results found
        </Text>
      )}
      {assessment.questions.map((q) => (
        <Card key={q.id} withBorder radius="md" padding="md" component="article" aria-label={`Question ${q.index + 1}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fw={700} c="dimmed">
                {q.index + 1}.
              </Text>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {q.question}
                </Text>
                <Group gap={6}>
                  <Badge variant="light" size="sm">
                    {TYPE_LABELS[q.type]}
                  </Badge>
                  {assessment.tieBreakerQuestion?.id === q.id && (
                    <Badge variant="light" color="orange" size="sm">
                      Tie-breaker
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Group>
            <RowActions
              name={`question ${q.index + 1}`}
              onEdit={() => setTarget({ question: q })}
              onDelete={() => confirmDeleteQuestion(q, remove)}
            />
          </Group>
          <List spacing={6} mt="sm" size="sm" listStyleType="none">
            {q.answers.map((a) => (
              <List.Item key={a.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {a.answer}
                  </Text>
                  {a.outcomeId !== null ? (
                    <Badge size="sm" variant="outline" color="teal" title="The outcome this answer scores highest">
                      {outcomeTitle.get(a.outcomeId)}
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="outline" color="gray">
                      No outcome
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
      <QuestionDrawer assessment={assessment} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
