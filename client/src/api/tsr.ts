import type { AppRouter } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { apiRouter } from '@app/contract';
import { clientArgs } from './client-args';

/**
 * The typed hooks of some areas' contract routes: `areaClient({ institutions: institutionsContract })`
 * gives `.institutions.<route>.useQuery / useMutation / query`. Each area builds its own from its routes
 * (in its api.ts) rather than one client over the whole contract, so a screen downloads its own area's
 * schemas only, not every area's (and libphonenumber-js with the accounts ones).
 */
export function areaClient<T extends AppRouter>(areas: T) {
  return initTsrReactQuery(apiRouter(areas) as unknown as ApiRoutes<T>, clientArgs);
}

// `apiRouter`'s result, which TypeScript cannot see to be a router while `T` is still generic.
type ApiRoutes<T extends AppRouter> = ReturnType<typeof apiRouter<T>> extends infer R extends AppRouter ? R : never;

/** What every area client is built with: the `Args` of its hooks' types. */
export type AreaClientArgs = typeof clientArgs;
