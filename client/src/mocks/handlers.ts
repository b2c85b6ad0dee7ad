import { http, HttpResponse, type HttpHandler } from 'msw';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract } from '@app/contract';
import { z } from 'zod';
import { sample } from './sample';
import { pageSample } from './paged-sample';
import { fixtures, type Fixture } from './fixtures';

type Entry = { key: string; route: AppRoute };

/** Every route of the contract with its dotted key (`institutions.list`). */
export function contractRoutes(router: AppRouter = contract, prefix: string[] = []): Entry[] {
  return Object.entries(router).flatMap(([name, value]) =>
    isAppRoute(value)
      ? [{ key: [...prefix, name].join('.'), route: value }]
      : contractRoutes(value as AppRouter, [...prefix, name]),
  );
}

function successStatus(route: AppRoute): number {
  return Number(Object.keys(route.responses).find((s) => Number(s) >= 200 && Number(s) < 400) ?? 200);
}

const METHOD = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * One MSW handler per contract route: a fixture when one is given (by key), otherwise a sample
 * built from the route's own success schema (a list paged as the request asks). Extra fixtures win, for tests.
 */
export function createHandlers(extra: Record<string, Fixture> = {}): HttpHandler[] {
  const all = { ...fixtures, ...extra };
  return contractRoutes().map(({ key, route }) =>
    METHOD[route.method](route.path, async (info) => {
      const fixture = all[key];
      if (fixture) return fixture(info);
      const status = successStatus(route);
      const schema = route.responses[status];
      if (status === 204 || status === 302 || !schema || !(schema instanceof z.ZodType))
        return new HttpResponse(null, { status: status === 302 ? 204 : status });
      return HttpResponse.json(pageSample(sample(schema), new URL(info.request.url)) as never, { status });
    }),
  );
}
