import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';
import { authClient } from '../api/auth-client';
import { accountQueries } from '../features/auth/api';
import { AdminError, AdminNotFound, StaffOnlyError } from '../components/shell/admin-fallbacks';

/** Every /admin route: signed-in staff only; otherwise /login?redirect=<path and query>. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context, location }) => {
    const client = authClient.initQueryClient(context.queryClient);
    try {
      const { body } = await client.auth.currentAccount.ensureQueryData({ queryKey: accountQueries.current });
      if (body.admin) return { account: body };
    } catch {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    throw new StaffOnlyError();
  },
  // The shell (sidebar, header) loads with the first admin screen, not with the login page.
  component: lazyRouteComponent(() => import('../components/shell/admin-shell'), 'AdminShell'),
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});
