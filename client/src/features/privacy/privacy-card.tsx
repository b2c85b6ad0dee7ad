import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/errors';

/** One of the screen's action cards: its title, what it does, the last call's error, and its content. */
export function PrivacyCard({
  title,
  description,
  error,
  children,
}: {
  title: string;
  description?: ReactNode;
  error?: unknown;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
        {!!error && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
