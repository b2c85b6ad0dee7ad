import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toUrlSearch } from './list-search';

/** A change to the current route's search: keys set to `undefined` (or '') leave the URL. */
export type SearchPatch = (patch: Record<string, unknown>, opts?: { replace?: boolean }) => void;

/**
 * Writes a patch over the current route's search (through `toUrlSearch`): the one way lists, panels and tabs
 * kept in the URL change it.
 * @example const patchSearch = useSearchPatch(); patchSearch({ edit: 'new' });
 */
export function useSearchPatch(): SearchPatch {
  const navigate = useNavigate();
  return useCallback(
    (patch, opts) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => toUrlSearch({ ...prev, ...patch }),
        replace: opts?.replace,
      }),
    [navigate],
  );
}
