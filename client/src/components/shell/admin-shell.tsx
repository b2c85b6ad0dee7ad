import { useDeferredValue } from 'react';
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
  // The shell and the screen render in the background, in slices between which the browser answers input: the
  // route settles through the router's store, and React renders a store's update in one blocking task (a staff
  // list's first screen held the browser for 200-500 ms that way). Until then nothing is shown (a moment).
  const ready = useDeferredValue(true, false);
  if (!ready) return null;

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
