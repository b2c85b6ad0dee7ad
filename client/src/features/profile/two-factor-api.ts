import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { twoFactorContract } from '@app/contract';
import { currentAccountKey } from '../../api/auth-client';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ twoFactor: twoFactorContract });

export const twoFactorQueries = { status: ['profile', 'two-factor'] as const };

export const TWO_FACTOR_ON = 'Two-factor sign-in is on.';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off.';

export function useTwoFactorStatus() {
  return tsr.twoFactor.status.useQuery({ queryKey: twoFactorQueries.status });
}

/**
 * After turning it on or off: the status, and the signed-in account (REQUIRE_STAFF_2FA lifts or applies),
 * fetched again, then the routes' guards run again with it.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorQueries.status }),
      queryClient.refetchQueries({ queryKey: currentAccountKey }),
    ]);
    await router.invalidate();
  };
}

export const useStartSetup = () => tsr.twoFactor.setup.useMutation();

export function useConfirmSetup() {
  const refresh = useRefreshAfterChange();
  return tsr.twoFactor.confirm.useMutation({ meta: { formIssues: true }, onSuccess: () => refresh() });
}

export function useTurnOff() {
  const refresh = useRefreshAfterChange();
  return tsr.twoFactor.disable.useMutation({
    meta: { formIssues: true, successMessage: TWO_FACTOR_OFF },
    onSuccess: () => refresh(),
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return tsr.twoFactor.recoveryCodes.useMutation({
    meta: { formIssues: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueries.status }),
  });
}
