import type { ReactNode } from 'react';
import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CardError } from '../../components/list-kit/list-error';
import type { Figure } from './figures';

export type FigureCardProps = {
  title: string;
  figures?: Figure[];
  /** How many figures a loading card holds (its skeleton). */
  size: number;
  error: unknown;
  onRetry: () => void;
  /** A short line under the figures (e.g. how Revenue is counted). */
  note?: ReactNode;
};

/** A dashboard card of labelled figures (a description list), with loading and error states. */
export function FigureCard({ title, figures, size, error, onRetry, note }: FigureCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5} mb="sm">
        {title}
      </Text>
      {figures ? (
        <SimpleGrid
          renderRoot={(props) => <dl {...props} />}
          cols={{ base: 2, xs: 3 }}
          spacing="md"
          verticalSpacing="md"
          m={0}
        >
          {figures.map((f) => (
            <div key={f.label}>
              <Text component="dt" size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text
                component="dd"
                m={0}
                fz={22}
                fw={700}
                lh={1.2}
                style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
              >
                {f.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      ) : error ? (
        <CardError error={error} onRetry={onRetry} />
      ) : (
        <SimpleGrid
          cols={{ base: 2, xs: 3 }}
          spacing="md"
          role="status"
          aria-busy="true"
          aria-label={`Loading ${title}`}
        >
          {Array.from({ length: size }, (_, i) => (
            <Stack key={i} gap={6}>
              <Skeleton h={10} w="60%" />
              <Skeleton h={22} w="80%" />
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {note && figures && (
        <Text size="xs" c="dimmed" mt="sm">
          {note}
        </Text>
      )}
    </Card>
  );
}
