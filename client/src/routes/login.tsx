import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';
import { LoginPage } from '../features/auth/login-page';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  component: function Login() {
    const { redirect } = loginRoute.useSearch();
    return <LoginPage redirect={redirect} />;
  },
});
