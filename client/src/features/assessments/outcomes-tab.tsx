import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MAX_ASSESSMENT_OUTCOMES, type Assessment, type AssessmentOutcome } from '@app/contract';
import { confirmDelete } from '../../components/confirm-delete';
import { RowActions } from '../../components/list-kit';
import { useMay } from '../../api/permissions';
import { useRemoveOutcome } from './api';
import { OutcomeDrawer, type OutcomeTarget } from './outcome-form';

/** Answers whose badge names the outcome (they score it highest). */
const answersFor = (a: Assessment, outcomeId: number) =>
  a.questions.flatMap((q) => q.answers).filter((x) => x.outcomeId === outcomeId).length;

const confirmDeleteOutcome = (outcome: AssessmentOutcome, remove: (id: number) => void) =>
  confirmDelete(
    'Delete Outcome',
    <>
      Are you sure you want to delete the outcome <b>{outcome.title}</b> and its scores? This action cannot be undone.
    </>,
    () => remove(outcome.id),
  );

/**
 * Outcomes: one card each, 'Add Outcome' (up to 11: the score matrix has 12 columns), edit and delete, the last
 * three only for accounts that may write assessments.
 */
export default function OutcomesTab({ assessment }: { assessment: Assessment }) {
  const [target, setTarget] = useState<OutcomeTarget>(null);
  const remove = useRemoveOutcome(assessment.id);
  const full = assessment.outcomes.length >= MAX_ASSESSMENT_OUTCOMES;
  const mayWrite = useMay('write');
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {assessment.outcomes.length} of at most {MAX_ASSESSMENT_OUTCOMES} outcomes
        </Text>
        {mayWrite && (
          <Tooltip label={`At most ${MAX_ASSESSMENT_OUTCOMES} outcomes`} disabled={!full}>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({})} disabled={full}>
              Add Outcome
            </Button>
          </Tooltip>
        )}
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
                <RowActions
                  name={`outcome ${o.title}`}
                  onEdit={() => setTarget({ outcome: o })}
                  onDelete={() => confirmDeleteOutcome(o, remove)}
                />
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
