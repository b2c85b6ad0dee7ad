import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../api/errors';

/**
 * A list's load error: the generic error rule's text and a Retry button.
 * @example {result.error != null && <ListError error={result.error} onRetry={() => void result.refetch()} />}
 */
export function ListError(props: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      <Group justify="space-between" gap="sm">
        <span>{errorMessage(props.error)}</span>
        <Button size="xs" variant="white" color="red" onClick={props.onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
