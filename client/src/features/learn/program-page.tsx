import { forwardRef, type AnchorHTMLAttributes } from 'react';
import {
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  type NavLinkProps,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { createLink, getRouteApi } from '@tanstack/react-router';
import { ListError } from '../../components/list-kit';
import { useLearnMutations, useSyllabus } from './api';
import { ComponentView } from './component-view';

const routeApi = getRouteApi('/member/programs/$slug');
/** A step of the syllabus: a real link to `?c=` (keyboard and screen readers reach it). */
const StepLink = createLink(
  forwardRef<HTMLAnchorElement, Omit<NavLinkProps, 'component'> & AnchorHTMLAttributes<HTMLAnchorElement>>(
    function StepNavLink(props, ref) {
      return <NavLink component="a" ref={ref} {...props} />;
    },
  ),
);

/** /member/programs/{slug}: the syllabus with progress on the left, the open component (`?c=`) on the right. */
export function MemberProgramPage() {
  const { slug } = routeApi.useParams();
  const { c } = routeApi.useSearch();
  const result = useSyllabus(slug);
  const { start, finish } = useLearnMutations();
  const program = result.data?.body;
  if (result.error != null) return <ListError error={result.error} onRetry={() => void result.refetch()} />;
  if (!program) return <Skeleton h={300} radius="md" />;
  const components = program.sections.flatMap((s) => s.components);
  const open = components.find((x) => x.slug === c) ?? null;
  const params = { programSlug: slug };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{program.name}</Title>
          {program.summary && <Text c="dimmed">{program.summary}</Text>}
        </Stack>
        <Badge size="lg" variant="light" data-testid="program-xp">
          {program.progress.xpEarned} XP
        </Badge>
      </Group>
      <Progress value={program.progress.percent} aria-label="Program progress" />
      <Group>
        {!program.progress.startedAt && (
          <Button loading={start.isPending} onClick={() => start.mutate({ params })}>
            Start program
          </Button>
        )}
        {program.progress.finishedAt ? (
          <Badge color="green" size="lg">
            Finished
          </Badge>
        ) : (
          <Button
            variant="default"
            disabled={program.progress.completedRequiredCount < program.progress.requiredCount}
            loading={finish.isPending}
            onClick={() => finish.mutate({ params })}
          >
            Finish program
          </Button>
        )}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Paper withBorder radius="md" p="xs">
            {program.sections.map((section) => (
              <Stack key={section.id} gap={0} mb="sm">
                <Text fw={600} size="sm" px="xs" py={4}>
                  {section.name}
                </Text>
                {section.components.map((x) => (
                  <StepLink
                    key={x.id}
                    to="/member/programs/$slug"
                    params={{ slug }}
                    search={{ c: x.slug }}
                    label={x.name}
                    description={`${x.componentType}${x.xp ? ` · ${x.xp} XP` : ''}`}
                    active={x.slug === c}
                    leftSection={
                      x.completedAt ? (
                        <IconCircleCheck size={16} color="var(--mantine-color-green-6)" />
                      ) : (
                        <IconCircleDashed size={16} />
                      )
                    }
                  />
                ))}
              </Stack>
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Paper withBorder radius="md" p="lg">
            {open ? (
              <ComponentView key={open.slug} programSlug={slug} component={open} />
            ) : (
              <Text c="dimmed">Choose a step of the program to begin.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
