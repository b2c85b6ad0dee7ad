import { keepPreviousData, useQueryClient, type MutationMeta, type QueryClient } from '@tanstack/react-query';
import { isErrorResponse, type AppRoute, type AppRouter, type ClientInferRequest } from '@ts-rest/core';
import { apiRouter } from '@app/contract';
import type { DataResponse, MutationHooks, QueryHooks, UseQueryResult } from '@ts-rest/react-query/v5';
import { PICKER_PAGE_SIZE, toOptionsPage, type FetchOptionsPage } from './options-page';
import { areaClient, type AreaClientArgs } from './tsr';
import type { AnyListQuery, ExportRoute } from './list-shapes';

type Args = AreaClientArgs;
// Loose shapes to accept any route's hooks (their exact types are read back through `RouteOf`).
type AnyQuery = { query: (...args: any[]) => Promise<any>; useQuery: (...args: any[]) => any };
type AnyMutation = { mutate: (...args: any[]) => Promise<any>; useMutation: (...args: any[]) => any };

/** The contract routes an area has, by role; each is optional (pledges has only a list). */
export type AreaRoutes = {
  list?: AnyQuery;
  detail?: AnyQuery;
  create?: AnyMutation;
  update?: AnyMutation;
  remove?: AnyMutation;
};

type RouteOf<H> =
  H extends QueryHooks<infer R extends AppRoute, Args>
    ? R
    : H extends MutationHooks<infer R extends AppRoute, Args>
      ? R
      : never;
type Request<H> = ClientInferRequest<RouteOf<H>>;
type QueryOf<H> = Request<H> extends { query: infer Q } ? Q : never;
type BodyOf<H> = Request<H> extends { body: infer B } ? B : never;
type Result<H> = UseQueryResult<RouteOf<H>>;
type Reply<H> = Promise<DataResponse<RouteOf<H>>>;
export type EntityId = number | string;

/** Query keys of one area: `all` holds its lists, details and picker options. */
export type AreaQueries = {
  all: readonly string[];
  list: (query: unknown) => readonly unknown[];
  detail: (id: EntityId) => readonly unknown[];
  options: readonly unknown[];
};

export type AreaOptions = {
  /** The notification after a save (create or update). */
  savedMessage?: string;
  /** The notifications of a delete: success text, and the error title/text instead of the server's. */
  removeMeta?: MutationMeta;
  /** The path parameter that names one entity: `id` (a number, the default) or `uuid`. */
  idParam?: 'id' | 'uuid';
  /** The contract's list query, for `AreaListPage` (only its keys are sent; see `listQueryOf`). */
  listQuery?: AnyListQuery;
  /** The list's export route under `/api` (`apiRouter(...).export`): `AreaListPage` shows Export. */
  exportRoute?: ExportRoute;
};

/** What an area's options add to it for its list page: the list query and the export route, as given. */
type ListParts<O> = Pick<O, Extract<keyof O, 'listQuery' | 'exportRoute'>>;

/**
 * Per-use query options: off until ready, or re-read every `refetchInterval` ms; given a function, it is
 * asked after each answer (its response `{status, body}`), e.g. to poll only while a job runs.
 */
export type QueryOpts = {
  enabled?: boolean;
  refetchInterval?: number | false | ((response: unknown) => number | false);
};

/** TanStack Query's form of `QueryOpts`: a function interval reads the query's latest answer. */
function queryOptions(opts: QueryOpts = {}) {
  const { refetchInterval: every, ...rest } = opts;
  if (every === undefined) return rest;
  return {
    ...rest,
    refetchInterval: typeof every === 'function' ? (q: { state: { data: unknown } }) => every(q.state.data) : every,
  };
}

type Has<R, K extends keyof AreaRoutes> = R extends { [P in K]: infer H } ? (H extends undefined ? never : H) : never;

type SaveHooks<R> = ([Has<R, 'create'>] extends [never]
  ? unknown
  : { create: (body: BodyOf<Has<R, 'create'>>) => Reply<Has<R, 'create'>> }) &
  ([Has<R, 'update'>] extends [never]
    ? unknown
    : { update: (id: EntityId, body: BodyOf<Has<R, 'update'>>) => Reply<Has<R, 'update'>> });

export type Area<R> = { queries: AreaQueries } & ([Has<R, 'list'>] extends [never]
  ? unknown
  : {
      /** One page (or range) of the list; the previous page stays shown while the next loads. */
      useList: (query: QueryOf<Has<R, 'list'>>, opts?: QueryOpts) => Result<Has<R, 'list'>>;
      /** Asks for the page `useList(query)` will show, under its key, before its screen renders (a route's loader). */
      prefetchList: (queryClient: QueryClient, query: QueryOf<Has<R, 'list'>>) => Promise<void>;
    }) &
  ([Has<R, 'detail'>] extends [never]
    ? unknown
    : { useDetail: (id: EntityId, opts?: QueryOpts) => Result<Has<R, 'detail'>> }) &
  ([Has<R, 'create'> | Has<R, 'update'>] extends [never]
    ? unknown
    : {
        /**
         * Create (no id) and update for `useEntityForm`: `meta.successMessage` and `formIssues` (a 400's
         * field issues go to the fields instead of a notification); `meta` overrides either.
         */
        useSave: (meta?: MutationMeta) => SaveHooks<R>;
      }) &
  ([Has<R, 'remove'>] extends [never]
    ? unknown
    : { useRemove: () => { remove: (id: EntityId) => void; isPending: boolean } });

/**
 * One area's data hooks from its contract routes: query keys, list and detail queries, save (create when
 * there is no id, else update), delete, invalidation after every mutation (of the key's first segment,
 * so `['accounts', 'members']` refreshes with `'accounts'`: the same rows) and the notifications through
 * `meta` (the query client shows them). A new area is its routes and its texts.
 *
 * @example
 * const tsr = areaClient({ institutions: institutionsContract });
 * export const institutionsArea = createArea('institutions', {
 *   list: tsr.institutions.list, detail: tsr.institutions.get, create: tsr.institutions.create, update: tsr.institutions.update,
 * }, { savedMessage: 'Institution saved successfully.' });
 * const result = institutionsArea.useList(query);
 * const form = useEntityForm({ schema: InstitutionInput, initialValues, id, ...institutionsArea.useSave() });
 */
export function createArea<const R extends AreaRoutes, const O extends AreaOptions = {}>(
  key: string | readonly [string, ...string[]],
  routes: R,
  options: O = {} as O,
): Area<R> & ListParts<O> {
  const all = typeof key === 'string' ? [key] : [...key];
  const queries: AreaQueries = {
    all,
    list: (query) => [...all, 'list', query],
    detail: (id) => [...all, 'detail', id],
    options: [...all, 'options'],
  };
  const idParam = options.idParam ?? 'id';
  const params = (id: EntityId) => ({ [idParam]: idParam === 'id' ? Number(id) : String(id) });

  // After any outcome: a failed write may still have changed the server (e.g. a 409), so re-read. The
  // first key segment: sub-areas over the same rows (['accounts', 'members']) refresh together.
  function useInvalidate() {
    const queryClient = useQueryClient();
    return () => queryClient.invalidateQueries({ queryKey: all.slice(0, 1) });
  }

  const area: Record<string, unknown> = { queries, listQuery: options.listQuery, exportRoute: options.exportRoute };
  if (routes.list) {
    const list = routes.list;
    area.useList = (query: unknown, opts?: QueryOpts) =>
      list.useQuery({
        queryKey: queries.list(query),
        queryData: { query },
        placeholderData: keepPreviousData,
        ...queryOptions(opts),
      });
    // The same answer `useQuery` keeps (ts-rest's `{ status, body, headers }`), and by ts-rest's own rule an error
    // status throws.
    area.prefetchList = (queryClient: QueryClient, query: unknown) =>
      queryClient.prefetchQuery({
        queryKey: queries.list(query),
        queryFn: async () => {
          const response = await list.query({ query });
          if (isErrorResponse(response)) throw response;
          return response;
        },
      });
  }
  if (routes.detail) {
    const detail = routes.detail;
    area.useDetail = (id: EntityId, opts?: QueryOpts) =>
      detail.useQuery({
        queryKey: queries.detail(id),
        queryData: { params: params(id) },
        ...queryOptions(opts),
      });
  }
  if (routes.create || routes.update) {
    area.useSave = (meta?: MutationMeta) => {
      const onSettled = useInvalidate();
      const mutationOptions = { meta: { successMessage: options.savedMessage, formIssues: true, ...meta }, onSettled };
      // Hooks run unconditionally; an area without one of the two routes gets a placeholder it never calls.
      const create = (routes.create ?? NO_MUTATION).useMutation(mutationOptions);
      const update = (routes.update ?? NO_MUTATION).useMutation(mutationOptions);
      return {
        ...(routes.create && { create: (body: unknown) => create.mutateAsync({ body }) }),
        ...(routes.update && {
          update: (id: EntityId, body: unknown) => update.mutateAsync({ params: params(id), body }),
        }),
      };
    };
  }
  if (routes.remove) {
    const removeRoute = routes.remove;
    area.useRemove = () => {
      const onSettled = useInvalidate();
      const mutation = removeRoute.useMutation({ meta: options.removeMeta, onSettled });
      return {
        remove: (id: EntityId) => mutation.mutate({ params: params(id) }),
        isPending: mutation.isPending,
      };
    };
  }
  return area as Area<R> & ListParts<O>;
}

// Same hook count whether or not the area has the route, so the rules of hooks hold.
const NO_MUTATION = {
  useMutation: () => ({ mutateAsync: () => Promise.reject(new Error('No such route')) }),
} as unknown as AnyMutation;

type ItemOf<H> = Extract<DataResponse<RouteOf<H>>, { status: 200 }>['body'] extends { items: Array<infer T> }
  ? T
  : never;

/**
 * A searchable select's source from any paged list route of named entities: its query key (under the
 * listed area, so that area's saves refresh it), a fetcher of 20 options a page by name, and each
 * option's value (id) and label (name).
 *
 * @example
 * const institutionOptions = pickerSource('institutions', tsr.institutions.list);
 * <SearchableSelect {...institutionOptions} label="Institution" {...form.getInputProps('institutionId')} />
 */
export function pickerSource<H extends AnyQuery>(
  areaKey: string,
  route: H,
  sort = 'name:asc',
  /** Fixed filters of the list query (e.g. `{ enabled: '1' }`: only enabled ones are offered). */
  filters: Record<string, string> = {},
): {
  entityName: string;
  queryKey: readonly unknown[];
  fetchPage: FetchOptionsPage<ItemOf<H>>;
  getValue: (item: ItemOf<H>) => number;
  getLabel: (item: ItemOf<H>) => string;
} {
  const named = (item: ItemOf<H>) => item as { id: number; name: string };
  return {
    entityName: areaKey,
    getValue: (item) => named(item).id,
    getLabel: (item) => named(item).name,
    queryKey: Object.keys(filters).length ? [areaKey, 'options', filters] : [areaKey, 'options'],
    fetchPage: (search, page) =>
      route
        .query({ query: { ...filters, search: search || undefined, page, pageSize: PICKER_PAGE_SIZE, sort } })
        .then((res: { status: number; body: unknown }) => toOptionsPage<ItemOf<H>>(res)),
  };
}

/** The routes a plain admin area's contract has (`areaRoutes` in the contract): list, get, create, update, maybe export. */
type CrudContract = AppRouter & {
  list: AppRoute;
  get: AppRoute;
  create: AppRoute;
  update: AppRoute;
  export?: AppRoute;
};
type CrudHooks<C extends AppRouter> = ReturnType<typeof areaClient<{ area: C }>>['area'];
type CrudRoutes<C extends AppRouter> =
  CrudHooks<C> extends { list: infer L; get: infer G; create: infer N; update: infer U }
    ? { list: L; detail: G; create: N; update: U }
    : never;
type ApiRoutes<C extends AppRouter> = ReturnType<typeof apiRouter<{ area: C }>>['area'];
type CrudListParts<C extends CrudContract> = (C['list'] extends { query: infer Q extends AnyListQuery }
  ? { listQuery: Q }
  : unknown) &
  (C extends { export: AppRoute } ? { exportRoute: ExportRoute } : unknown);

/**
 * A plain admin area from its contract alone: `createArea` over its list, get, create and update routes,
 * its list query and export route (for `AreaListPage`), plus `routes`, its routes under `/api`, without
 * the whole contract's schemas.
 *
 * @example
 * export const institutionsArea = crudArea('institutions', institutionsContract, { savedMessage: 'Institution saved successfully.' });
 * <AreaListPage title="Institutions" area={institutionsArea} columns={columns} filters={filters} />
 */
export function crudArea<C extends CrudContract>(
  key: string,
  contract: C,
  options: AreaOptions = {},
): Area<CrudRoutes<C>> & CrudListParts<C> & { routes: ApiRoutes<C> } {
  const tsr = areaClient({ area: contract }).area as unknown as Record<'list' | 'get' | 'create' | 'update', never>;
  const routes = apiRouter({ area: contract }).area as Record<string, AppRoute>;
  const list = { listQuery: contract.list.query as AnyListQuery | undefined, exportRoute: routes.export };
  const area = createArea(
    key,
    { list: tsr.list, detail: tsr.get, create: tsr.create, update: tsr.update },
    { ...options, ...list },
  );
  return { ...area, routes } as never;
}
