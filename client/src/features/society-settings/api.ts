import { useQueryClient } from '@tanstack/react-query';
import { SOCIETY_SETTINGS_SAVED, societySettingsContract } from '@app/contract';
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
