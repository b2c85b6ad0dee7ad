import { lazy, Suspense } from 'react';
import { Box, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatCount } from '@app/contract';
import { CardError } from '../../components/list-kit/list-error';
import { ChangeBadge } from './change-badge';
import type { CardFigures } from './figures';

const Sparkline = lazy(() => import('./sparkline'));
const SPARK_HEIGHT = 56;

export type StatCardProps = {
  title: string;
  /** Under the title, e.g. the season and year. */
  subtitle?: string;
  /** The previous period, as in 'vs 1,234 in {comparedWith}'. */
  comparedWith?: string;
  figures?: CardFigures;
  error: unknown;
  onRetry: () => void;
};

/** One dashboard card: the count, its change against the previous period and a 10-period sparkline. */
export function StatCard({
  title,
  subtitle,
  comparedWith = 'the previous period',
  figures,
  error,
  onRetry,
}: StatCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={subtitle ? `${title}, ${subtitle}` : title}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
            {title}
          </Text>
          <Text size="sm" fw={500} mt={2}>
            {subtitle ?? '\u00a0'}
          </Text>
        </div>
        {figures && <ChangeBadge change={figures.change} direction={figures.direction} against={comparedWith} />}
      </Group>
      {figures ? (
        <>
          <Text fz={34} fw={700} lh={1.1} mt="sm" data-testid="count" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(figures.current)}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            vs {formatCount(figures.previous)} in {comparedWith}
          </Text>
          <Box h={SPARK_HEIGHT} mt="sm" mx={-6}>
            <Suspense fallback={<Skeleton h={SPARK_HEIGHT} />}>
              <Sparkline points={figures.points} label={`${title} over the last ${figures.points.length} periods`} />
            </Suspense>
          </Box>
        </>
      ) : error ? (
        <CardError error={error} onRetry={onRetry} mt="sm" />
      ) : (
        <Stack gap={8} mt="sm" role="status" aria-busy="true" aria-label={`Loading ${title}`}>
          <Skeleton h={34} w="45%" />
          <Skeleton h={12} w="60%" />
          <Skeleton h={SPARK_HEIGHT - 8} mt={4} />
        </Stack>
      )}
    </Card>
  );
}
