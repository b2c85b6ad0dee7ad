import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconKey, IconMailForward, IconSend } from '@tabler/icons-react';
import { Can } from '../../api/permissions';
import { EditButton } from '../../components/list-kit';
import { accountsRoutes } from './api';

/**
 * The Edit, Invite (accounts, when `onInvite` is given), Send Welcome Email (members, when `onWelcome` is given),
 * Reset Password and Payment (members) actions of an account or member row; each shows only to those who may
 * make its call.
 */
export function RowActions({
  name,
  onEdit,
  onReset,
  onWelcome,
  onInvite,
  payment,
}: {
  name: string;
  onEdit: () => void;
  onReset: () => void;
  onWelcome?: () => void;
  onInvite?: () => void;
  payment?: ReactNode;
}) {
  return (
    // Wraps onto a second line rather than pushing the table past the page's right edge.
    <Group gap={4} justify="flex-end" wrap="wrap">
      <EditButton name={name} onClick={onEdit} />
      {onInvite && (
        <Can call={accountsRoutes.invite}>
          <Button
            variant="subtle"
            size="xs"
            color="teal"
            leftSection={<IconSend size={14} />}
            onClick={onInvite}
            aria-label={`Invite ${name}`}
          >
            Invite
          </Button>
        </Can>
      )}
      {onWelcome && (
        <Can call={accountsRoutes.sendWelcomeEmail}>
          <Button
            variant="subtle"
            size="xs"
            color="teal"
            leftSection={<IconMailForward size={14} />}
            onClick={onWelcome}
            aria-label={`Send Welcome Email to ${name}`}
          >
            Send Welcome Email
          </Button>
        </Can>
      )}
      <Can call={accountsRoutes.resetPassword}>
        <Button
          variant="subtle"
          size="xs"
          color="gray"
          leftSection={<IconKey size={14} />}
          onClick={onReset}
          aria-label={`Reset Password of ${name}`}
        >
          Reset Password
        </Button>
      </Can>
      {payment}
    </Group>
  );
}
