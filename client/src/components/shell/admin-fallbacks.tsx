import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { errorMessage } from '../../api/errors';
import { ForbiddenError } from '../../api/permissions';

/** A signed-in account that is not staff (a member) reached /admin. */
export class StaffOnlyError extends Error {
  constructor() {
    super('This area is for staff only.');
  }
}

export function AdminError({ error }: ErrorComponentProps) {
  if (error instanceof ForbiddenError) return <AdminForbidden />;
  const staffOnly = error instanceof StaffOnlyError;
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={2}>{staffOnly ? 'Staff only' : 'Something went wrong'}</Title>
        <Text c="dimmed">{staffOnly ? error.message : errorMessage(error)}</Text>
        <Group gap="sm" justify="center">
          {staffOnly && (
            <Button component={Link} to="/member/events">
              Go to your events
            </Button>
          )}
          <Button component="a" href="/api/auth/logout" variant="light">
            Sign in with another account
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

/** A screen the account's roles do not reach (a deep link, a bookmark): inside the shell, no API call made. */
export function AdminForbidden() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs">
        <Title order={2}>You do not have access to this page</Title>
        <Text c="dimmed">Your roles do not include it. Ask an administrator if you need it.</Text>
        <Button component={Link} to="/admin" variant="light">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}

export function AdminNotFound() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">There is nothing at this address.</Text>
        <Button component={Link} to="/admin" variant="light">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
