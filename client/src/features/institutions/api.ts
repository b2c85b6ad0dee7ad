import { useQueryClient } from '@tanstack/react-query';
import { keepPreviousData } from '@tanstack/react-query';
import type { InstitutionInput, InstitutionListQuery } from '@app/contract';
import { tsr } from '../../api/tsr';
import type { EntityId } from '../../components/form-kit';

export const INSTITUTION_SAVED = 'Institution saved successfully.';

/** Query keys of the institutions area; a save invalidates `all` (lists and details). */
export const institutionQueries = {
  all: ['institutions'] as const,
  list: (query: InstitutionListQuery) => ['institutions', 'list', query] as const,
  detail: (id: number) => ['institutions', 'detail', id] as const,
};

export function useInstitutionList(query: InstitutionListQuery) {
  return tsr.institutions.list.useQuery({ queryKey: institutionQueries.list(query), queryData: { query }, placeholderData: keepPreviousData });
}

export function useInstitution(id: number) {
  return tsr.institutions.get.useQuery({ queryKey: institutionQueries.detail(id), queryData: { params: { id } } });
}

/** Create and update for the side panel; the notifications come from the query client. */
export function useSaveInstitution() {
  const queryClient = useQueryClient();
  const options = {
    meta: { successMessage: INSTITUTION_SAVED, formIssues: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionQueries.all }),
  };
  const create = tsr.institutions.create.useMutation(options);
  const update = tsr.institutions.update.useMutation(options);
  return {
    create: (body: InstitutionInput) => create.mutateAsync({ body }),
    update: (id: EntityId, body: InstitutionInput) => update.mutateAsync({ params: { id: Number(id) }, body }),
  };
}
