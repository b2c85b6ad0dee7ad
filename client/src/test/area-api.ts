import { http, HttpResponse } from 'msw';
import type { Paged } from '@app/contract';
import { mockServer } from '../mocks/node';

/** A create or update the area's form sent, as the server received it. */
export type SavedRequest = { method: 'POST' | 'PUT'; url: string; body: any };

/**
 * Serves an admin area's list, detail, create and update over MSW and records what the screens asked
 * for: the list requests' URLs (filters, sort, paging) and every POST/PUT body, so a test asserts both.
 * Call it in `beforeEach`; the returned arrays fill as the test runs.
 *
 * @example
 * let api: AreaApiMock;
 * beforeEach(() => { api = mockAreaApi('/api/admin/chapters', { list: () => pageOf([alpha]), detail: () => alpha, created: alpha, updated: alpha }); });
 * expect(api.saved[0]).toMatchObject({ method: 'PUT', body: { name: 'Alpha' } });
 */
export function mockAreaApi<T>(
  path: string,
  answers: { list: () => Paged<T>; detail: (id: string) => T; created: T; updated: T },
) {
  const listRequests: URL[] = [];
  const saved: SavedRequest[] = [];
  const save =
    (method: SavedRequest['method'], answer: T, status: number) =>
    async ({ request }: { request: Request }) => {
      saved.push({ method, url: request.url, body: await request.json() });
      return HttpResponse.json(answer as any, { status });
    };
  mockServer.use(
    http.get(path, ({ request }) => {
      listRequests.push(new URL(request.url));
      return HttpResponse.json(answers.list() as any);
    }),
    http.get(`${path}/:id`, ({ params }) => HttpResponse.json(answers.detail(String(params.id)) as any)),
    http.post(path, save('POST', answers.created, 201)),
    http.put(`${path}/:id`, save('PUT', answers.updated, 200)),
  );
  return { listRequests, saved };
}

export type AreaApiMock = ReturnType<typeof mockAreaApi>;
