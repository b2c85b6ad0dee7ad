import { Anchor, AppShell, Button, Center, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useRouteContext, type ErrorComponentProps } from '@tanstack/react-router';
import { errorMessage } from '../../api/errors';
import { BrandLink } from '../../components/brand-link';
import { ColorSchemeMenu } from '../../components/shell/color-scheme';
import { LOGOUT_URL, SIGN_OUT, confirmSignOut } from '../../components/shell/user-menu';

export const MEMBER_PRODUCT_NAME = 'Honor Society';

// The member area's pages, in the header (from a small tablet up) and under it on a phone. The home is a page the
// server renders: its link loads the document.
const PAGES = [
  { to: '/member', label: 'Home', reloadDocument: true },
  { to: '/member/events', label: 'Events', reloadDocument: false },
  { to: '/member/programs', label: 'Programs', reloadDocument: false },
  { to: '/member/profile', label: 'Profile', reloadDocument: false },
] as const;

// The header's links and Sign out keep their width; the member's name is what gives way (truncated).
const KEEP_WIDTH = { flexShrink: 0 };

/**
 * The frame of the app's /member screens (events, programs, profile): logo, the member's name, Sign out; staff also
 * get a way back to /admin. The member home is a page the server renders: its links load the document.
 */
export function MemberLayout() {
  const { account } = useRouteContext({ from: '/member' });
  const name = account.fullName || `${account.firstName} ${account.lastName}`.trim() || account.email;
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'md', sm: 'xl' }}>
      <AppShell.Header>
        <Container size="md" h="100%" px={{ base: 'sm', sm: 'md' }}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <BrandLink to="/member" name={MEMBER_PRODUCT_NAME} reloadDocument />
            <Group gap="xs" wrap="nowrap" miw={0}>
              {account.admin && (
                <Button style={KEEP_WIDTH} component={Link} to="/admin" variant="subtle" size="xs" visibleFrom="sm">
                  Admin dashboard
                </Button>
              )}
              {PAGES.map(({ to, label, reloadDocument }) => (
                <Button
                  key={to}
                  style={KEEP_WIDTH}
                  component={Link}
                  to={to}
                  reloadDocument={reloadDocument}
                  variant="subtle"
                  size="xs"
                  visibleFrom="xs"
                >
                  {label}
                </Button>
              ))}
              <Text size="sm" fw={500} maw={200} truncate visibleFrom="xs" data-testid="member-name">
                {name}
              </Text>
              <ColorSchemeMenu />
              <Button
                style={KEEP_WIDTH}
                variant="default"
                size="xs"
                leftSection={<IconLogout size={14} />}
                onClick={confirmSignOut}
              >
                {SIGN_OUT}
              </Button>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
        <Container size="md" px={0}>
          <Group justify="space-between" mb={4} hiddenFrom="xs">
            <Text c="dimmed" size="sm">
              Signed in as {name}
            </Text>
            <Group gap="sm">
              {PAGES.map(({ to, label, reloadDocument }) => (
                <Anchor key={to} component={Link} to={to} reloadDocument={reloadDocument} size="sm">
                  {label}
                </Anchor>
              ))}
            </Group>
          </Group>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

export function MemberError({ error }: ErrorComponentProps) {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">{errorMessage(error)}</Text>
        <Button component="a" href={LOGOUT_URL} variant="light">
          Sign in with another account
        </Button>
      </Stack>
    </Center>
  );
}
