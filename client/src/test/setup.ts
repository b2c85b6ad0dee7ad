import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { mockServer } from '../mocks/node';
import { fakeMediaQueryList } from './media-query';

// Mantine reads these browser APIs; happy-dom lacks some of them.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// findBy*/waitFor wait on a condition: a roomier limit than the 1 s default costs nothing when it holds, and keeps a
// first render (lazy routes, a cold module graph) on a loaded 2-core CI machine from failing a test that is right.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  mockServer.resetHandlers();
  // The notifications live in a module-level store, which the files of a worker share (isolate: false): one test's
  // toast must not be the next one's alert.
  notifications.clean();
  notifications.cleanQueue();
});
afterAll(() => mockServer.close());
