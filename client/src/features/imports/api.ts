import { apiRouter, importsContract, ImportListQuery, IMPORT_MESSAGES, type Import, type Paged } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ imports: importsContract });

export const importsRoutes = apiRouter({ imports: importsContract }).imports;

/** An import still to finish: its list and its detail re-read while it is. */
export const isRunning = (i: Pick<Import, 'status'>) => i.status === 'Queued' || i.status === 'Running';
const POLL_MS = 1000;
const pollWhileRunning = (response: unknown) => {
  const body = (response as { body?: Paged<Import> } | undefined)?.body;
  return body?.items?.some(isRunning) ? POLL_MS : false;
};

/** Past imports (newest first) and one import. */
export const importsArea = createArea(
  'imports',
  { list: tsr.imports.list, detail: tsr.imports.get },
  { listQuery: ImportListQuery },
);
export const useImportList = (query: Parameters<typeof importsArea.useList>[0]) =>
  importsArea.useList(query, { refetchInterval: pollWhileRunning });

/** One import, re-read every second until it is Done or Failed. */
export function useImport(id: number | undefined) {
  return tsr.imports.get.useQuery({
    queryKey: ['imports', 'detail', id],
    queryData: { params: { id: id ?? 0 } },
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const body = (query.state.data as { body?: Import } | undefined)?.body;
      return !body || isRunning(body) ? POLL_MS : false;
    },
  });
}

/** The columns a file's header names for a kind (nothing is written). */
export const usePreview = () => tsr.imports.preview.useMutation();

/** Starts a dry run or a real run; the list refreshes. */
export function useStartImport(dryRun: boolean) {
  const queryClient = useQueryClient();
  return tsr.imports.create.useMutation({
    meta: { successMessage: dryRun ? IMPORT_MESSAGES.dryRunStarted : IMPORT_MESSAGES.started },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importsArea.queries.all }),
  });
}

/** Where the rejected rows' CSV is downloaded. */
export const rejectedHref = (id: number) => `/api/admin/imports/${id}/rejected`;
