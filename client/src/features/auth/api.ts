import { authClient, currentAccountKey } from '../../api/auth-client';

export const accountQueries = {
  current: currentAccountKey,
};

/** The signed-in account (null on the login page until signed in). */
export function useCurrentAccount() {
  return authClient.auth.currentAccount.useQuery({ queryKey: accountQueries.current, staleTime: 60_000 });
}
