import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';
import { authClient } from '../api/auth-client';
import { accountQueries } from '../features/auth/api';
import { AdminError, AdminNotFound, StaffOnlyError } from '../components/shell/admin-fallbacks';

/** Every /admin route: signed-in staff only; otherwise /login?redirect=<path and query>. Staff who must set up two-factor sign-in go to /admin/profile. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context, location }) => {
    const client = authClient.initQueryClient(context.queryClient);
    let account;
    try {
      account = (await client.auth.currentAccount.ensureQueryData({ queryKey: accountQueries.current })).body;
    } catch {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    if (!account.admin) throw new StaffOnlyError();
    // REQUIRE_STAFF_2FA: nothing but the set-up on the profile until a second factor is on.
    if (account.mustSetUpTwoFactor && location.pathname !== '/admin/profile') throw redirect({ to: '/admin/profile' });
    return { account };
  },
  // The shell (sidebar, header) loads with the first admin screen, not with the login page.
  component: lazyRouteComponent(() => import('../components/shell/admin-shell'), 'AdminShell'),
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});
