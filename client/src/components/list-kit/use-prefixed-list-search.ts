import { useMemo } from 'react';
import { useSearch } from '@tanstack/react-router';
import type { AnyListQuery } from '../../api/list-shapes';
import { LIST_DEFAULTS, listSearchSchema } from './list-search';
import { useSearchPatch } from './use-search-patch';
import type { ListController } from './use-list-search';

const schemas = new WeakMap<AnyListQuery, ReturnType<typeof listSearchSchema>>();
const schemaOf = (query: AnyListQuery) => {
  if (!schemas.has(query)) schemas.set(query, listSearchSchema(query));
  return schemas.get(query)!;
};

/**
 * A second list's state on one screen, under its own URL keys beside the screen's own list: a detail's
 * tab keeps `ePage`, `ePageSize`, `eSort` (prefix 'e', spec 02's Email Reminders tab) next to the
 * Invitees tab's `page`, `pageSize` and `sort`. Read as tolerantly as any list search (the route need not
 * declare the keys); the defaults (page 1, page size 10) are left out of the URL.
 *
 * @example
 * const list = usePrefixedListSearch('e', InvitationEmailListQuery);
 * <ListPage list={list} result={useReminders(listQueryOf(InvitationEmailListQuery, list.search))} ... />
 */
export function usePrefixedListSearch(prefix: string, query: AnyListQuery): ListController {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const patchSearch = useSearchPatch();
  const key = (name: string) => `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  const page = raw[key('page')];
  const pageSize = raw[key('pageSize')];
  const sort = raw[key('sort')];
  return useMemo(() => {
    const search = schemaOf(query).parse({ page, pageSize, sort }) as { page: number; pageSize: number; sort?: string };
    const setSearch = (patch: Record<string, unknown>, opts?: { replace?: boolean }) => {
      const prefixed: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(patch)) {
        const isDefault =
          (name === 'page' && value === LIST_DEFAULTS.page) ||
          (name === 'pageSize' && value === LIST_DEFAULTS.pageSize);
        prefixed[key(name)] = isDefault ? undefined : value;
      }
      patchSearch(prefixed, opts);
    };
    return {
      search,
      setSearch,
      setPage: (p) => setSearch({ page: p }),
      setPageSize: (size) => setSearch({ pageSize: size, page: 1 }),
      setSort: (s) => setSearch({ sort: s, page: 1 }),
      applyFilters: (values) => setSearch({ ...values, page: 1 }),
    };
  }, [page, pageSize, sort, patchSearch, prefix, query]);
}
