import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { DomainDayQuery, apiRouter, deliverabilityContract, type DeliverabilityOverviewQuery } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ deliverability: deliverabilityContract });
const routes = apiRouter({ deliverability: deliverabilityContract }).deliverability;

const KEY = ['deliverability'] as const;
// Counts move with every batch sent: a minute is fresh enough for a report.
const STALE_MS = 60_000;

/** Per domain and day: the sortable, exportable list (GET /api/admin/logistics/deliverability/domain-days). */
export const domainDaysArea = createArea(
  [...KEY, 'domain-days'],
  { list: tsr.deliverability.domainDays },
  { listQuery: DomainDayQuery, exportRoute: routes.exportDomainDays },
);

/** The chart's counts per day, the warm-up and the domains by state, over the list's range and search. */
export function useDeliverabilityOverview(query: DeliverabilityOverviewQuery) {
  return tsr.deliverability.overview.useQuery({
    queryKey: [...KEY, 'overview', query],
    queryData: { query },
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

const DNS_KEY = [...KEY, 'dns-check'] as const;

/** The latest DNS check of the sending domain (null before the first). */
export const useDnsCheck = () => tsr.deliverability.dnsCheck.useQuery({ queryKey: DNS_KEY, staleTime: STALE_MS });

/** Runs the DNS check now; the card shows its answer. */
export function useRunDnsCheck() {
  const queryClient = useQueryClient();
  return tsr.deliverability.runDnsCheck.useMutation({
    meta: { successMessage: 'DNS records checked' },
    onSuccess: (res) => {
      if (res.status === 200)
        queryClient.setQueryData(DNS_KEY, { status: 200, body: { check: res.body }, headers: new Headers() });
    },
  });
}

/** Whether the signed-in account may run the check (deliverability:write). */
export const runDnsCheckRoute = routes.runDnsCheck;

const CAPS_KEY = [...KEY, 'domain-caps'] as const;
const SCHEDULE_KEY = [...KEY, 'warmup-schedule'] as const;

/** The caps set per domain or mail host, and EMAIL_DOMAIN_RATE for the rest (issue 37 §1). */
export const useDomainCaps = () => tsr.deliverability.domainCaps.useQuery({ queryKey: CAPS_KEY, staleTime: STALE_MS });

/** A change to the caps or the warm-up table refreshes the whole page (its cards read both). */
function useRefreshPage() {
  const queryClient = useQueryClient();
  // The logistics dashboard's quota card and emails per day, and the reminders' projection, read the warm-up too.
  return () =>
    void Promise.all(
      [KEY, ['invitations', 'logistics-dashboard'], ['reminders']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Sets or changes a cap (PUT .../domain-caps/:name, audited). */
export function useSaveDomainCap() {
  const refresh = useRefreshPage();
  return tsr.deliverability.saveDomainCap.useMutation({ meta: { successMessage: 'Cap saved' }, onSuccess: refresh });
}

/** Removes a cap: EMAIL_DOMAIN_RATE applies again. */
export function useRemoveDomainCap() {
  const refresh = useRefreshPage();
  return tsr.deliverability.removeDomainCap.useMutation({
    meta: { successMessage: 'Cap removed' },
    onSuccess: refresh,
  });
}

/** The warm-up table (issue 37 §2): edited, or the computed default. */
export const useWarmupSchedule = () =>
  tsr.deliverability.warmupSchedule.useQuery({ queryKey: SCHEDULE_KEY, staleTime: STALE_MS });

export function useSaveWarmupSchedule() {
  const refresh = useRefreshPage();
  return tsr.deliverability.saveWarmupSchedule.useMutation({
    meta: { successMessage: 'Warm-up schedule saved' },
    onSuccess: refresh,
  });
}

export function useResetWarmupSchedule() {
  const refresh = useRefreshPage();
  return tsr.deliverability.resetWarmupSchedule.useMutation({
    meta: { successMessage: 'Warm-up schedule reset to the default' },
    onSuccess: refresh,
  });
}

/** The write routes the page's edit controls are gated by (Can, ShortForm, RowActions). */
export const settingsRoutes = {
  saveDomainCap: routes.saveDomainCap,
  saveWarmupSchedule: routes.saveWarmupSchedule,
};
