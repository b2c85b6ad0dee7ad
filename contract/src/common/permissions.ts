import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { PERMISSION_SELF, type RouteMeta } from './access.js';

/**
 * One vocabulary of what staff and API keys may do (issue 35): per admin area (the contract router's key),
 * `<area>:read` (its GET calls), `<area>:write` (POST, PUT, PATCH, DELETE) and `<area>:export` (the calls
 * answering a CSV or spreadsheet file: exporting a list of students is not the same act as reading one).
 * A role is a named set of them; an account holds the union of its roles'; an API key holds its own list.
 */
export const PERMISSION_KINDS = ['read', 'write', 'export'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];
export const PERMISSION_PATTERN = /^[a-zA-Z][a-zA-Z0-9]*:(read|write|export)$/;

const FILE_TYPES = /^(text\/csv|application\/vnd\.(openxmlformats|ms-excel))/;

/** The kind of permission a route needs: export when it answers a CSV/XLSX file, else read for GET, else write. */
export function permissionKind(route: AppRoute): PermissionKind {
  const answers = Object.values(route.responses as Record<string, unknown>);
  const file = answers.some(
    (r) => !!r && typeof r === 'object' && 'contentType' in r && FILE_TYPES.test(String(r.contentType)),
  );
  if (file) return 'export';
  return route.method === 'GET' ? 'read' : 'write';
}

/**
 * The permission an admin route needs: its declared one (`self`, ...), else `<area>:<kind>` from its area;
 * undefined for a route that is not an admin one, or an admin route that declares neither (the contract's
 * test fails on those, and the server refuses them).
 */
export function permissionOf(route: AppRoute): string | undefined {
  const metadata = route.metadata as RouteMeta | undefined;
  if (metadata?.access !== 'admin') return undefined;
  if (metadata.permission) return metadata.permission;
  return metadata.area ? `${metadata.area}:${permissionKind(route)}` : undefined;
}

/** Each admin route of a router with its `metadata.permission` set (permissionOf), in place; the router back. */
export function stampPermissions<T extends AppRouter>(router: T): T {
  const walk = (node: AppRouter | AppRoute) => {
    if (!isAppRoute(node)) return Object.values(node).forEach(walk);
    const permission = permissionOf(node);
    if (permission) (node as { metadata: unknown }).metadata = { ...(node.metadata as object), permission };
  };
  walk(router);
  return router;
}

/** A permission's area and kind; undefined for `self` or text that is not a permission. */
export function splitPermission(permission: string): { area: string; kind: PermissionKind } | undefined {
  if (!PERMISSION_PATTERN.test(permission)) return undefined;
  const [area, kind] = permission.split(':') as [string, PermissionKind];
  return { area, kind };
}

const ACRONYMS: Record<string, string> = { ai: 'AI', api: 'API' };

/** An area's name in words: `invitationEmails` -> 'Invitation emails', `aiChat` -> 'AI chat'. */
export function areaLabel(area: string): string {
  const words = area
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim()
    .split(' ')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const VERBS: Record<PermissionKind, string> = { read: 'see', write: 'change', export: 'export' };

/** The 403 answer to a call whose permission the caller lacks: "You do not have permission to export accounts". */
export function forbiddenMessage(permission: string): string {
  const parts = splitPermission(permission);
  if (!parts) return 'You do not have permission to do this';
  const label = areaLabel(parts.area);
  const noun = /^(AI|API)\b/.test(label) ? label : label.toLowerCase();
  return `You do not have permission to ${VERBS[parts.kind]} ${noun}`;
}

export { PERMISSION_SELF };
