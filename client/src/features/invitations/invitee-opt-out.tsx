import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { inviteesContract, type Invitee } from '@app/contract';
import { Can } from '../../api/permissions';
import { useSetInviteeOptOut } from './api';

function Toggle({ invitee: i }: { invitee: Invitee }) {
  const queryClient = useQueryClient();
  const set = useSetInviteeOptOut();
  const label = i.directoryOptOut ? 'Clear directory opt-out' : 'Mark directory opt-out';
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={i.directoryOptOut ? 'orange' : undefined}
        aria-label={`${label} for ${i.email}`}
        aria-pressed={i.directoryOptOut}
        loading={set.isPending}
        onClick={() =>
          set.mutate(
            { params: { id: i.id }, body: { directoryOptOut: !i.directoryOptOut } },
            { onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['invitations', 'invitees'] }) },
          )
        }
      >
        {i.directoryOptOut ? <IconEyeOff size={16} /> : <IconEye size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * An invitee row's FERPA directory opt-out switch (issue 36 §5), for those who may make the call.
 * @example <InviteeOptOutAction invitee={i} />
 */
export function InviteeOptOutAction({ invitee }: { invitee: Invitee }) {
  return (
    <Can call={inviteesContract.setDirectoryOptOut}>
      <Toggle invitee={invitee} />
    </Can>
  );
}
