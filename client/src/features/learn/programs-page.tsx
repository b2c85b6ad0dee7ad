import { Badge, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../components/anchor-link';
import { ListError } from '../../components/list-kit';
import { useMemberPrograms } from './api';

export const NO_PROGRAMS = 'No programs yet';

/** /member/programs: every program the member may see, with progress and XP. */
export function MemberProgramsPage() {
  const result = useMemberPrograms();
  const programs = result.data?.body;
  return (
    <Stack gap="lg">
      <Title order={2}>My programs</Title>
      {result.error != null && <ListError error={result.error} onRetry={() => void result.refetch()} />}
      {result.isPending && result.error == null && <Skeleton h={120} radius="md" />}
      {programs?.length === 0 && <Text c="dimmed">{NO_PROGRAMS}</Text>}
      {programs?.map((p) => (
        <Paper key={p.id} withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Group justify="space-between">
              <AnchorLink to="/member/programs/$slug" params={{ slug: p.slug }} fw={600} size="lg">
                {p.name}
              </AnchorLink>
              <Group gap="xs">
                {p.progress.finishedAt && <Badge color="green">Finished</Badge>}
                <Badge variant="light">{p.progress.xpEarned} XP</Badge>
              </Group>
            </Group>
            {p.summary && (
              <Text size="sm" c="dimmed">
                {p.summary}
              </Text>
            )}
            <Progress value={p.progress.percent} aria-label={`${p.name} progress`} />
            <Text size="xs" c="dimmed">
              {p.progress.completedRequiredCount} of {p.progress.requiredCount} required steps done
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
