import type { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '../api/errors';
import { accountQueries } from '../features/auth/api';

/** `/login?redirect=<path and query>`: the login page sends the user back there after signing in. */
export function loginUrlFor(location: Pick<Location, 'pathname' | 'search'>): string {
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * Watches every failed call: a 401 while the app holds a signed-in account means the session ended
 * (idle timeout, lifetime, signed out elsewhere, account deactivated), so the user is sent to sign in
 * again and comes back to where they were. A 401 while signed out (a wrong password on /login, the
 * first visit's account check) is left to the login page and the route guards. Answers true when it
 * took over, so callers show no error notification for the call.
 */
export function createSessionExpiryHandler(
  getQueryClient: () => QueryClient,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): (error: unknown) => boolean {
  let leaving = false;
  return (error) => {
    if (errorStatus(error) !== 401) return false;
    if (leaving) return true;
    const signedIn = getQueryClient().getQueryData(accountQueries.current) !== undefined;
    if (!signedIn || window.location.pathname === '/login') return false;
    leaving = true;
    // A full navigation: nothing of the ended session's data stays in memory.
    navigate(loginUrlFor(window.location));
    return true;
  };
}
