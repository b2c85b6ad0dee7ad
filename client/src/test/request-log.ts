/** One request an MSW handler saw: its method, URL and JSON body (none for a GET). */
export type LoggedRequest = { method: string; url: URL; body?: any };

/**
 * The requests a test's MSW handlers record: `record(request)` in a handler, `sent(method, path)` to read
 * them, `clear()` in beforeEach.
 * @example const log = requestLog(); http.post('/api/x', async ({ request }) => (await log.record(request), HttpResponse.json({})))
 */
export function requestLog() {
  const requests: LoggedRequest[] = [];
  return {
    requests,
    record: async (request: Request) => {
      requests.push({
        method: request.method,
        url: new URL(request.url),
        body: request.method === 'GET' ? undefined : await request.json(),
      });
    },
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.url.pathname === path),
    clear: () => void requests.splice(0),
  };
}
