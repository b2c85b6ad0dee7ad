import { privacyContract, type PersonQuery, type PrivacyRequest } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ privacy: privacyContract });

/** The routes, for permission checks (`useMay('export', privacyRoutes.createExport)`). */
export const privacyRoutes = privacyContract;

/** What the screen finds a person by; one of the three is set. */
export type Lookup = { email?: string; phone?: string; code?: string };

/** Everything held about one person, once a lookup is given. */
export function usePerson(lookup: Lookup) {
  const query: PersonQuery = lookup;
  return tsr.privacy.people.useQuery({
    queryKey: ['privacy', 'people', lookup],
    queryData: { query },
    enabled: !!(lookup.email || lookup.phone || lookup.code),
  });
}

const POLL_MS = 1000;
/** A request still to finish is re-read every second. */
export const isPending = (r: Pick<PrivacyRequest, 'status'>) => r.status === 'Queued' || r.status === 'Running';
const poll = (data: unknown) => {
  const body = (data as { body?: PrivacyRequest } | undefined)?.body;
  return !body || isPending(body) ? POLL_MS : false;
};

export function useExport(id: number | undefined) {
  return tsr.privacy.getExport.useQuery({
    queryKey: ['privacy', 'export', id],
    queryData: { params: { id: id ?? 0 } },
    enabled: id !== undefined,
    refetchInterval: (query) => poll(query.state.data),
  });
}

export function useErasure(id: number | undefined) {
  return tsr.privacy.getErasure.useQuery({
    queryKey: ['privacy', 'erasure', id],
    queryData: { params: { id: id ?? 0 } },
    enabled: id !== undefined,
    refetchInterval: (query) => poll(query.state.data),
  });
}

export const useStartExport = () => tsr.privacy.createExport.useMutation();
export const useStartErasure = () => tsr.privacy.createErasure.useMutation();
export const useConfirmErasure = () => tsr.privacy.confirmErasure.useMutation();

/** Where a finished export is downloaded (once). */
export const downloadHref = (id: number) => `/api/admin/tech/privacy/exports/${id}/download`;

/** What the nightly retention anonymised of one invitation, and when. */
export const useRetention = (invitationId: number) =>
  tsr.privacy.retention.useQuery({
    queryKey: ['privacy', 'retention', invitationId],
    queryData: { params: { id: invitationId } },
  });
