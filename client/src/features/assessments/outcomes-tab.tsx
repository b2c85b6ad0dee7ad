import { useState } from 'react';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_ASSESSMENT_OUTCOMES, type Assessment, type AssessmentOutcome } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { useRemoveOutcome } from './api';
import { OutcomeDrawer, type OutcomeTarget } from './outcome-form';

/** Answers whose badge names the outcome (they score it highest). */
const answersFor = (a: Assessment, outcomeId: number) =>
  a.questions.flatMap((q) => q.answers).filter((x) => x.outcomeId === outcomeId).length;

function confirmDelete(outcome: AssessmentOutcome, remove: (id: number) => void) {
  openConfirmModal({
    title: 'Delete Outcome',
    children: (
      <Text size="sm">
        Are you sure you want to delete the outcome <b>{outcome.title}</b> and its scores? This action cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(outcome.id),
  });
}

/** Outcomes: one card each, 'Add Outcome' (up to 11: the score matrix has 12 columns), edit and delete. */
export default function OutcomesTab({ assessment }: { assessment: Assessment }) {
  const [target, setTarget] = useState<OutcomeTarget>(null);
  const remove = useRemoveOutcome(assessment.id);
  const full = assessment.outcomes.length >= MAX_ASSESSMENT_OUTCOMES;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {assessment.outcomes.length} of at most {MAX_ASSESSMENT_OUTCOMES} outcomes
        </Text>
        <Tooltip label={`At most ${MAX_ASSESSMENT_OUTCOMES} outcomes`} disabled={!full}>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({})} disabled={full}>
            Add Outcome
          </Button>
        </Tooltip>
      </Group>
      {assessment.outcomes.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No results found
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {assessment.outcomes.map((o) => (
            <Card key={o.id} withBorder radius="md" padding="md" aria-label={`Outcome ${o.title}`} component="article">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {o.title}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit outcome ${o.title}`}
                      onClick={() => setTarget({ outcome: o })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete outcome ${o.title}`}
                      onClick={() => confirmDelete(o, remove)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Text
                size="sm"
                c={o.description ? undefined : 'dimmed'}
                mt={4}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {o.description ?? 'No description'}
              </Text>
              <Text size="xs" c="dimmed" mt="sm">
                Top outcome of {answersFor(assessment, o.id)} answer{answersFor(assessment, o.id) === 1 ? '' : 's'}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <OutcomeDrawer assessmentId={assessment.id} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
