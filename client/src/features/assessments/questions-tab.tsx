import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_ASSESSMENT_QUESTIONS, type Assessment, type AssessmentQuestion } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { useRemoveQuestion } from './api';
import { QuestionDrawer, type QuestionTarget } from './question-form';
import { TYPE_LABELS } from './question-type';

function confirmDelete(question: AssessmentQuestion, remove: (id: number) => void) {
  openConfirmModal({
    title: 'Delete Question',
    children: (
      <Text size="sm">
        Are you sure you want to delete question {question.index + 1} with its answers and scores? This action cannot be
        undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(question.id),
  });
}

/** Questions in order: type badge, answers each with a badge naming the outcome it scores highest. */
export default function QuestionsTab({ assessment }: { assessment: Assessment }) {
  const [target, setTarget] = useState<QuestionTarget>(null);
  const remove = useRemoveQuestion(assessment.id);
  const outcomeTitle = new Map(assessment.outcomes.map((o) => [o.id, o.title]));
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {assessment.questions.length} question{assessment.questions.length === 1 ? '' : 's'}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setTarget({})}
          disabled={assessment.questions.length >= MAX_ASSESSMENT_QUESTIONS}
        >
          Add Question
        </Button>
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
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Edit">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit question ${q.index + 1}`}
                  onClick={() => setTarget({ question: q })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete question ${q.index + 1}`}
                  onClick={() => confirmDelete(q, remove)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
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
