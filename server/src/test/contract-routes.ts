import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract, type Access } from '@app/contract';

export type ContractRoute = {
  /** The route's key path, e.g. `institutions.list`. */ id: string;
  route: AppRoute;
  access: Access | undefined;
};

/** Every route of the contract, however deeply areas nest their routers, so tests cover routes added later. */
export function contractRoutes(router: AppRouter = contract, keys: string[] = []): ContractRoute[] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [
          {
            id: [...keys, key].join('.'),
            route: value,
            access: (value.metadata as { access?: Access } | undefined)?.access,
          },
        ]
      : contractRoutes(value as AppRouter, [...keys, key]),
  );
}

/** `/api/x/:id` -> `/api/x/{id}`, as the OpenAPI document writes paths. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** A callable URL for a route: each path parameter filled with `1`, or a uuid-looking value for uuids. */
export const sampleUrl = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => (/uuid/i.test(name) ? '00000000-0000-4000-8000-000000000001' : '1'));
