import { Badge, Group, Loader, Text } from '@mantine/core';
import type { PrivacyRequest, PrivacyStatus } from '@app/contract';
import { isPending } from './api';

const COLORS: Record<PrivacyStatus, string> = {
  Queued: 'gray',
  Running: 'blue',
  Done: 'teal',
  Failed: 'red',
  'Awaiting confirmation': 'yellow',
};

/** An export's or erasure's status, with a spinner while the job has it and the reason when it failed. */
export function RequestStatus({ label, request }: { label: string; request: PrivacyRequest }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        {label} #{request.id}
      </Text>
      <Badge
        variant="light"
        color={COLORS[request.status]}
        leftSection={isPending(request) ? <Loader size={10} /> : null}
      >
        {request.status}
      </Badge>
      {request.statusReason && (
        <Text size="sm" c="red">
          {request.statusReason}
        </Text>
      )}
    </Group>
  );
}
