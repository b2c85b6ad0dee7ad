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
