import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconKey, IconMailForward } from '@tabler/icons-react';
import { EditButton } from '../../components/list-kit';

/** The Edit, Send Welcome Email (members, when `onWelcome` is given), Reset Password and Payment (members) actions of an account or member row. */
export function RowActions({
  name,
  onEdit,
  onReset,
  onWelcome,
  payment,
}: {
  name: string;
  onEdit: () => void;
  onReset: () => void;
  onWelcome?: () => void;
  payment?: ReactNode;
}) {
  return (
    // Wraps onto a second line rather than pushing the table past the page's right edge.
    <Group gap={4} justify="flex-end" wrap="wrap">
      <EditButton name={name} onClick={onEdit} />
      {onWelcome && (
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
      )}
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
      {payment}
    </Group>
  );
}
