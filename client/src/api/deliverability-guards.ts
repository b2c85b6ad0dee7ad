import { useQueryClient } from '@tanstack/react-query';
import { apiRouter, deliverabilityGuardsContract } from '@app/contract';
import { areaClient } from './tsr';

const tsr = areaClient({ deliverabilityGuards: deliverabilityGuardsContract });
const routes = apiRouter({ deliverabilityGuards: deliverabilityGuardsContract }).deliverabilityGuards;

// Under 'invitations': a change to a reminder refreshes the pauses that hold it too.
const KEY = ['invitations', 'deliverability-guards'] as const;
// Rates move with every batch of events: a minute is fresh enough.
const STALE_MS = 60_000;

/** The guards' rates against their thresholds, the live pauses and the rules (only `invitationId`'s when given). */
export function useGuards(invitationId?: number) {
  return tsr.deliverabilityGuards.guards.useQuery({
    queryKey: [...KEY, invitationId ?? 'all'],
    queryData: { query: invitationId ? { invitationId } : {} },
    staleTime: STALE_MS,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}

/** Resumes a paused campaign's reminders (audited). */
export function useResumePause() {
  const refresh = useRefresh();
  return tsr.deliverabilityGuards.resume.useMutation({
    meta: { successMessage: 'Reminders resumed: those due start within a minute' },
    onSuccess: refresh,
  });
}

/** Saves the rules per kind. */
export function useSaveGuardRules() {
  const refresh = useRefresh();
  return tsr.deliverabilityGuards.saveRules.useMutation({
    meta: { successMessage: 'Guard rules saved' },
    onSuccess: refresh,
  });
}

/** The routes their buttons are gated by (Can). */
export const guardRoutes = routes;
