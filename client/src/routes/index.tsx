import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';
import { authClient } from '../api/auth-client';
import { accountQueries } from '../features/auth/api';

/** `/` sends staff to the dashboard, members to their home, and anyone signed out to the login. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    let admin: boolean;
    try {
      const { body } = await authClient
        .initQueryClient(context.queryClient)
        .auth.currentAccount.ensureQueryData({ queryKey: accountQueries.current });
      admin = body.admin;
    } catch {
      throw redirect({ to: '/login' });
    }
    // The member home is a page the server renders: the browser loads it.
    throw admin ? redirect({ to: '/admin' }) : redirect({ href: '/member', reloadDocument: true, replace: true });
  },
});
