import { render } from '@testing-library/react';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routeTree } from '../routes/route-tree';
import { stringifySearch } from '../app/router';

/** The first render of a route loads its code: give `findBy*` longer than the default second. */
export const slow = { timeout: 5000 };

/** Renders the whole app at a path, over the MSW handlers derived from the contract. */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree, context: { queryClient }, history, stringifySearch });
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}
