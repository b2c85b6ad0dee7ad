import { useQueryClient } from '@tanstack/react-query';
import { memberContract, memberPublicContract, PROFILE_SAVED } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ member: memberContract, memberPublic: memberPublicContract });

/** Query keys of the member home; a saved profile invalidates `all` (the status and certificate name change). */
export const memberQueries = {
  all: ['member'] as const,
  profile: ['member', 'profile'] as const,
  receipts: ['member', 'receipts'] as const,
  certificate: ['member', 'certificate'] as const,
  badges: ['member', 'badges'] as const,
};

export const useMemberProfile = () => tsr.member.profile.useQuery({ queryKey: memberQueries.profile });
export const useReceipts = () => tsr.member.receipts.useQuery({ queryKey: memberQueries.receipts });
/** The member's certificate; a pledge's 404 is an answer (no certificate yet), not an error to retry. */
export const useCertificate = (enabled = true) =>
  tsr.member.certificate.useQuery({ queryKey: memberQueries.certificate, enabled });

export const useBadges = () => tsr.member.badges.useQuery({ queryKey: memberQueries.badges });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return tsr.member.saveProfile.useMutation({
    meta: { successMessage: PROFILE_SAVED, formIssues: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberQueries.all }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return tsr.member.changeEmail.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberQueries.profile }),
  });
}

export const useSendPasswordLink = () => tsr.member.sendPasswordLink.useMutation();

export const useConfirmEmailChange = () => tsr.memberPublic.confirmEmailChange.useMutation();
