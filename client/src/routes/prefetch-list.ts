import type { QueryClient } from '@tanstack/react-query';
import { listQueryOf, type BaseListSearch } from '../components/list-kit/list-search';
import type { AnyListQuery } from '../api/list-shapes';

/** What a list screen's area gives its route: the contract's list query and the page's prefetch (`createArea`). */
type ListArea = { listQuery?: AnyListQuery; prefetchList: (queryClient: QueryClient, query: never) => Promise<void> };

/**
 * A list screen's route options, spread into its `createRoute`: its loader asks for the page the screen will
 * show (the same query `AreaListPage` reads from the route's search) as soon as the route matches, beside the
 * screen's code, instead of once the screen has rendered. The loader does not wait for the answer: the screen
 * renders at once and shows the rows when they come.
 *
 * @example createRoute({ ..., validateSearch: institutionsSearch, ...prefetchesList(() => import('../features/institutions/api').then((m) => m.institutionsArea)) })
 */
export function prefetchesList(load: () => Promise<ListArea>) {
  return {
    loaderDeps: ({ search }: { search: BaseListSearch }) => search,
    loader: ({ context, deps }: { context: { queryClient: QueryClient }; deps: BaseListSearch }) => {
      void load().then((area) => {
        if (area.listQuery) void area.prefetchList(context.queryClient, listQueryOf(area.listQuery, deps) as never);
      });
    },
  };
}
