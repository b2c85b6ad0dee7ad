import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { SOCIETY_SETTINGS_SAVED, societySettingsContract, type IssuerKeyRotation } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ settings: societySettingsContract });
const key = ['society-settings'] as const;

export const useSocietySettings = () => tsr.settings.get.useQuery({ queryKey: key });

export function useSaveSocietySettings() {
  const queryClient = useQueryClient();
  return tsr.settings.update.useMutation({
    meta: { successMessage: SOCIETY_SETTINGS_SAVED, formIssues: true },
    onSuccess: (res) => queryClient.setQueryData(key, res),
  });
}

/** 'Issuer key rotated: key-3 signs new badges. 4 badges signed by key-2 were revoked and reissued.' */
export function rotationMessage(r: IssuerKeyRotation): string {
  const done = `Issuer key rotated: ${r.key} signs new badges.`;
  if (!r.revoked) return done;
  const badges = r.revoked === 1 ? '1 badge' : `${r.revoked} badges`;
  return `${done} ${badges} signed by ${r.previous} ${r.revoked === 1 ? 'was' : 'were'} revoked and ${r.reissued} reissued.`;
}

export function useRotateIssuerKey() {
  const queryClient = useQueryClient();
  return tsr.settings.rotateIssuerKey.useMutation({
    onSuccess: (res) => {
      notifications.show({ color: 'green', message: rotationMessage(res.body) });
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
