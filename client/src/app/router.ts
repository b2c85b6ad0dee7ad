import { createRouter, stringifySearchWith } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routes/route-tree';

/**
 * URL values are written as plain text: the default writer quotes text that looks like a number
 * (`?active="1"`). Reading still turns `1` into a number; list schemas read numbers back as text.
 */
export const stringifySearch = stringifySearchWith(JSON.stringify);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    stringifySearch,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
