import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';
import { tsr } from '../api/tsr';
import { accountQueries } from '../features/auth/api';
import { AdminShell } from '../components/shell/admin-shell';
import { AdminError, AdminNotFound, StaffOnlyError } from '../components/shell/admin-fallbacks';

/** Every /admin route: signed-in staff only; otherwise /login?redirect=<path and query>. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context, location }) => {
    const client = tsr.initQueryClient(context.queryClient);
    try {
      const { body } = await client.auth.currentAccount.ensureQueryData({ queryKey: accountQueries.current });
      if (body.admin) return { account: body };
    } catch {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    throw new StaffOnlyError();
  },
  component: AdminShell,
  errorComponent: AdminError,
  notFoundComponent: AdminNotFound,
});
