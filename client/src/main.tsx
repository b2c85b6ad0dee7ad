import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
// The theme's variables, made when the client is built (vite.config.ts): MantineProvider does not compute them.
import 'virtual:theme-variables.css';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { ForbiddenError } from './api/permissions';

async function start() {
  if (import.meta.env.VITE_MOCK) {
    const { startMockWorker } = await import('./mocks/browser');
    await startMockWorker();
  }
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  const root = createRoot(document.getElementById('root')!, {
    // A screen the account's roles do not reach is refused in place ("You do not have access to this page", by the
    // route's error component): an expected answer, not a fault for the console. Any other caught error is logged.
    onCaughtError: (error) => {
      if (!(error instanceof ForbiddenError)) console.error(error);
    },
  });
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();
