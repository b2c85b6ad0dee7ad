import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';

/** Mock mode (`npm run dev:mock`): every contract call answered in the browser, no server. */
export async function startMockWorker(): Promise<void> {
  await setupWorker(...createHandlers()).start({ onUnhandledRequest: 'bypass', quiet: true });
}
