import type { ComponentProps, ReactNode } from 'react';
import { Group } from '@mantine/core';
import { IconKey, IconMailForward, IconSend } from '@tabler/icons-react';
import { Can } from '../../api/permissions';
import { EditButton, RowButton } from '../../components/list-kit';
import { accountsRoutes } from './api';

/**
 * The Edit, Invite (accounts, when `onInvite` is given), Send Welcome Email (members, when `onWelcome` is given),
 * Reset Password and Payment (members) actions of an account or member row; each shows only to those who may
 * make its call.
 */
/** One gated row button (the list kit's RowButton): shown only to those who may make `call`. */
function RowAction({
  call,
  ...button
}: { call: (typeof accountsRoutes)[keyof typeof accountsRoutes] } & ComponentProps<typeof RowButton>) {
  return (
    <Can call={call}>
      <RowButton {...button} />
    </Can>
  );
}

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
        <RowAction
          call={accountsRoutes.invite}
          icon={IconSend}
          color="teal"
          label="Invite"
          ariaLabel={`Invite ${name}`}
          onClick={onInvite}
        />
      )}
      {onWelcome && (
        <RowAction
          call={accountsRoutes.sendWelcomeEmail}
          icon={IconMailForward}
          color="teal"
          label="Send Welcome Email"
          ariaLabel={`Send Welcome Email to ${name}`}
          onClick={onWelcome}
        />
      )}
      <RowAction
        call={accountsRoutes.resetPassword}
        icon={IconKey}
        color="gray"
        label="Reset Password"
        ariaLabel={`Reset Password of ${name}`}
        onClick={onReset}
      />
      {payment}
    </Group>
  );
}
