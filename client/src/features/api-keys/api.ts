import { useQueryClient } from '@tanstack/react-query';
import { API_KEY_REVOKED, ApiKeyListQuery, apiKeysContract, apiRouter } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ apiKeys: apiKeysContract });
const routes = apiRouter({ apiKeys: apiKeysContract }).apiKeys;

/**
 * API keys (issue 23 §7): list, one key, create (the answer holds the whole key, once); no edit. A created key
 * stays in the side panel, which says so itself: no toast over the panel's title.
 */
export const apiKeysArea = createArea(
  'api-keys',
  { list: tsr.apiKeys.list, detail: tsr.apiKeys.get, create: tsr.apiKeys.create },
  { listQuery: ApiKeyListQuery, exportRoute: routes.export },
);

/** The scopes a key can be given, by admin area (they change only with the contract). */
export const useScopeAreas = () =>
  tsr.apiKeys.scopes.useQuery({ queryKey: ['api-keys', 'scopes'], staleTime: Infinity });

/** Revokes a key; its list and detail refresh. */
export function useRevokeKey() {
  const queryClient = useQueryClient();
  const mutation = tsr.apiKeys.revoke.useMutation({
    meta: { successMessage: API_KEY_REVOKED },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
  return { revoke: (id: number) => mutation.mutateAsync({ params: { id } }), isPending: mutation.isPending };
}
