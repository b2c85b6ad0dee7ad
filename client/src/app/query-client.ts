import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { errorMessage, errorStatus, fieldErrors } from '../api/errors';
import { createSessionExpiryHandler } from './session-expiry';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Shown as a green notification when the mutation succeeds. */
      successMessage?: string;
      /** Shown instead of the generic error rule when the mutation fails. */
      errorMessage?: string;
      errorTitle?: string;
      /** The form shows errors itself (e.g. field issues): no notification. */
      silentError?: boolean;
      /** The form puts a 400's field `issues` beside its fields: no notification then, the rule otherwise. */
      formIssues?: boolean;
    };
  }
}

/**
 * The one place mutation outcomes become notifications: `meta.successMessage` on success; on error
 * the server's message, else detail, else the generic text. A 401 after the session ended sends the
 * user to sign in again instead (session-expiry.ts).
 */
export function createQueryClient(): QueryClient {
  const sessionEnded = createSessionExpiryHandler(() => client);
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(errorStatus(error) && errorStatus(error)! < 500),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
    queryCache: new QueryCache({ onError: (error) => void sessionEnded(error) }),
    mutationCache: new MutationCache({
      onSuccess: (_data, _vars, _ctx, mutation) => {
        const message = mutation.meta?.successMessage;
        if (message) notifications.show({ color: 'green', message });
      },
      onError: (error, _vars, _ctx, mutation) => {
        if (sessionEnded(error) || mutation.meta?.silentError) return;
        if (mutation.meta?.formIssues && Object.keys(fieldErrors(error)).length) return;
        notifications.show({
          color: 'red',
          title: mutation.meta?.errorTitle,
          message: mutation.meta?.errorMessage ?? errorMessage(error),
        });
      },
    }),
  });
  return client;
}
