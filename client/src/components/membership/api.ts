import { useQueryClient } from '@tanstack/react-query';
import { accountMembershipContract, CERTIFICATE_REISSUED, CERTIFICATE_REVOKED } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ accountMembership: accountMembershipContract });

const key = (id: number) => ['accounts', 'membership', id] as const;

export const useAccountMembership = (id: number) =>
  tsr.accountMembership.membership.useQuery({ queryKey: key(id), queryData: { params: { id } } });

/** Revoke or reissue the certificate, revoke a badge; each refreshes the account's membership. */
export function useMembershipActions(id: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: key(id) });
  return {
    revoke: tsr.accountMembership.revokeCertificate.useMutation({
      meta: { successMessage: CERTIFICATE_REVOKED },
      onSuccess,
    }),
    reissue: tsr.accountMembership.reissueCertificate.useMutation({
      meta: { successMessage: CERTIFICATE_REISSUED },
      onSuccess,
    }),
    revokeBadge: tsr.accountMembership.revokeBadge.useMutation({
      meta: { successMessage: 'Badge revoked.' },
      onSuccess,
    }),
  };
}
