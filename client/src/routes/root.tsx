import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';

export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A detail screen's tab values (its `tab` search key): the screen sweep visits each (client/e2e/sweep). */
    sweepTabs?: readonly string[];
    /** The sweep seed's key whose value is a search string: the screen is also visited with it (e.g. a signed link). */
    sweepSearch?: string;
  }
}
