import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';
import { LoginPage } from '../features/auth/login-page';

// Not lazy: the login is the first screen of every signed-out visit, and it is small; loading it with
// the app saves that visit a round trip.
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    /** `/login?forgot=1` opens on "Forgot password?". */
    forgot: z.unknown().optional().catch(undefined),
  }),
  component: function Login() {
    const { redirect, forgot } = loginRoute.useSearch();
    return (
      <main>
        <LoginPage redirect={redirect} forgot={forgot !== undefined && forgot !== false} />
      </main>
    );
  },
});
