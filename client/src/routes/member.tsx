import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';
import { authClient } from '../api/auth-client';
import { accountQueries } from '../features/auth/api';

/** Every /member route: any signed-in account (staff too); otherwise /login?redirect=<path and query>. */
export const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member',
  beforeLoad: async ({ context, location }) => {
    const client = authClient.initQueryClient(context.queryClient);
    try {
      const { body } = await client.auth.currentAccount.ensureQueryData({ queryKey: accountQueries.current });
      return { account: body };
    } catch {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
}).lazy(() => import('./member.lazy').then((m) => m.Route));
