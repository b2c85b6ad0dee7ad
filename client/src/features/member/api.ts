import { useQueryClient } from '@tanstack/react-query';
import { memberContract, memberPublicContract, PROFILE_SAVED } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ member: memberContract, memberPublic: memberPublicContract });

/** Query keys of the member's own calls; a saved profile invalidates `all` (the status and certificate name change). */
export const memberQueries = {
  all: ['member'] as const,
  profile: ['member', 'profile'] as const,
};

export const useMemberProfile = () => tsr.member.profile.useQuery({ queryKey: memberQueries.profile });

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
