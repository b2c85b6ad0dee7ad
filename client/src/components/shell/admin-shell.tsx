import { AppShell, Overlay, Stack } from '@mantine/core';
import { Outlet, useRouteContext } from '@tanstack/react-router';
import { DeferredScrollArea } from './deferred-controls';
import { ShellBreadcrumbs } from './shell-breadcrumbs';
import { ShellHeader } from './shell-header';
import { SidebarNav } from './sidebar-nav';
import { useSidebarState } from './sidebar-state';
import classes from './admin-shell.module.css';

const NAVBAR_WIDTH = 248;
const RAIL_WIDTH = 68;

/** The frame of every /admin screen: header, sidebar (full, icon rail, or mobile overlay), breadcrumbs. */
export function AdminShell() {
  const { account } = useRouteContext({ from: '/admin' });
  const sidebar = useSidebarState();
  const rail = !sidebar.desktopOpen && !sidebar.isMobile;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: sidebar.desktopOpen ? NAVBAR_WIDTH : RAIL_WIDTH,
        breakpoint: 'sm', // 48em = 768px
        collapsed: { mobile: !sidebar.mobileOpen },
      }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <ShellHeader account={account} sidebar={sidebar} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} p={rail ? 'xs' : 'sm'} data-collapsed={rail} aria-label="Main">
        <AppShell.Section grow component={DeferredScrollArea} scrollbars="y">
          <SidebarNav rail={rail} onNavigate={sidebar.closeMobile} />
        </AppShell.Section>
      </AppShell.Navbar>
      {sidebar.isMobile && sidebar.mobileOpen && (
        <Overlay fixed zIndex={99} backgroundOpacity={0.4} onClick={sidebar.closeMobile} />
      )}
      <AppShell.Main bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
        <Stack gap="lg">
          <ShellBreadcrumbs />
          <Outlet />
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
