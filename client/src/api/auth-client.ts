import { authContract } from '@app/contract';
import { areaClient } from './tsr';

/**
 * The sign-in routes alone. The app's frame (access checks before each screen) and the login page use
 * this, so a first visit does not download any area's schemas; each area has its own client (./tsr).
 */
export const authClient = areaClient({ auth: authContract });

/** The query key of the signed-in account (refetch it after a change to the account's own sign-in). */
export const currentAccountKey = ['account', 'current'] as const;

/**
 * The signed-in account's email ('' until known), from the query the shell already made: the default
 * recipient of test sends (spec 02 §5, spec 03).
 */
export function useSignedInEmail(): string {
  const me = authClient.auth.currentAccount.useQuery({ queryKey: currentAccountKey, staleTime: 60_000 }).data;
  return me?.status === 200 ? me.body.email : '';
}
