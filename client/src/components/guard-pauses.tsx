import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { GuardPause } from '@app/contract';
import { Can } from '../api/permissions';
import { guardRoutes, useGuards, useResumePause } from '../api/deliverability-guards';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The live pauses, each with why and its Resume button (invitationEmails:write). */
export function PauseList({ pauses }: { pauses: GuardPause[] }) {
  const resume = useResumePause();
  return (
    <Stack gap="xs">
      {pauses.map((p) => (
        <Group key={p.id} justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {p.invitationId === null ? 'Every invitation' : p.name}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {p.reason}. New reminders wait; paused {when.format(new Date(p.pausedAt))}.
            </Text>
          </div>
          <Can call={guardRoutes.resume}>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPlayerPlay size={14} />}
              loading={resume.isPending && resume.variables?.params.id === p.id}
              onClick={() => resume.mutate({ params: { id: p.id } })}
              style={{ flexShrink: 0 }}
            >
              Resume
            </Button>
          </Can>
        </Group>
      ))}
    </Stack>
  );
}

type AlertProps = {
  invitationId?: number;
  /** Space under the alert (none in a stack that spaces it already). */ mb?: number | string;
};

function Pauses({ invitationId, mb = 'md' }: AlertProps) {
  const guards = useGuards(invitationId);
  const pauses = guards.data?.status === 200 ? guards.data.body.pauses : [];
  if (!pauses.length) return null;
  return (
    <Alert
      mb={mb}
      color="orange"
      variant="light"
      icon={<IconPlayerPause size={18} />}
      title={pauses.length === 1 ? 'Reminders paused by a bounce or complaint guard' : 'Reminders paused by the guards'}
    >
      <PauseList pauses={pauses} />
    </Alert>
  );
}

/**
 * Why new reminders do not start (issue 37 §3): the live pauses of `invitationId` (its own and an account-wide
 * one), or all of them, for the reminders and the logistics dashboard. Nothing for an account that may not read
 * the guards, or when nothing is paused.
 */
export function GuardPauseAlert(props: AlertProps) {
  return (
    <Can call={guardRoutes.guards}>
      <Pauses {...props} />
    </Can>
  );
}
