import type { ExportRoute } from '../../api/list-shapes';

function queryKeys(route: ExportRoute): string[] | undefined {
  const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : undefined;
}

/**
 * The address an Export action navigates to: the contract route's path with the current filters and
 * sort as query parameters. Paging and keys the export route does not take (e.g. `edit`) are left out.
 *
 * @example
 * exportHref(contract.institutions.export, { page: 2, pageSize: 10, sort: 'name:asc', type: 'Business' })
 * // '/api/admin/institutions/export?sort=name%3Aasc&type=Business'
 */
export function exportHref(route: ExportRoute, search: Record<string, unknown>): string {
  const keys = queryKeys(route);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (key === 'page' || key === 'pageSize' || value === undefined || value === null || value === '') continue;
    if (keys && !keys.includes(key)) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${route.path}?${qs}` : route.path;
}
