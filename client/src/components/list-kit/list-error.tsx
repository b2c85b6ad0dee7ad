import { Alert, Button, Group, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../api/errors';

/**
 * A load error (a list's or a record's): the generic error rule's text and a Retry button (default variant: the
 * white one read 3.3:1 in red on the alert).
 * @example {result.error != null && <ListError error={result.error} onRetry={() => void result.refetch()} />}
 */
export function ListError(props: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      <Group justify="space-between" gap="sm">
        <span>{errorMessage(props.error)}</span>
        <Button size="xs" variant="default" onClick={props.onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A load error inside a small card (dashboard figures): the text above a compact Retry.
 * @example {error && <CardError error={error} onRetry={onRetry} mt="sm" />}
 */
export function CardError(props: { error: unknown; onRetry: () => void; mt?: MantineSpacing }) {
  return (
    <Alert color="red" variant="light" mt={props.mt} icon={<IconAlertCircle size={18} />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(props.error)}</Text>
        <Button size="compact-xs" variant="light" color="red" onClick={props.onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
