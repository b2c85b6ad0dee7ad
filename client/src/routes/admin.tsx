import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';
import { tsr } from '../api/tsr';
import { accountQueries } from '../features/auth/api';
import { AdminShell } from '../components/shell/admin-shell';

/** Every /admin route: signed-in staff only; otherwise /login?redirect=<path and query>. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context, location }) => {
    const client = tsr.initQueryClient(context.queryClient);
    try {
      const { body } = await client.auth.currentAccount.ensureQueryData({ queryKey: accountQueries.current });
      return { account: body };
    } catch {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AdminShell,
});
